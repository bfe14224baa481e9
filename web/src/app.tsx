// The page: hash routes, so the server needs no routes of its own: `#/` the games, `#/games/ID` one game.
import { useEffect, useState } from 'preact/hooks';
import { GameList } from './games';
import { GamePage } from './game';

export type Route = { page: 'games' } | { page: 'game'; game: string };

export function parseRoute(hash: string): Route {
  const m = /^#\/games\/([^/?#]+)/.exec(hash);
  if (m?.[1]) return { page: 'game', game: decodeURIComponent(m[1]) };
  return { page: 'games' };
}

export const gameHref = (game: string): string => `#/games/${encodeURIComponent(game)}`;

export function App() {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onHash = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    document.title = route.page === 'game' ? `${route.game} · nomic-referee` : 'nomic-referee';
  }, [route]);
  return (
    <>
      <header class="top">
        <a href="#/" class="brand">
          nomic-referee
        </a>
        <nav aria-label="main">
          <a href="#/">Games</a>
          <a href="/api/openapi.json">API</a>
        </nav>
      </header>
      <main>{route.page === 'game' ? <GamePage key={route.game} game={route.game} /> : <GameList />}</main>
    </>
  );
}
