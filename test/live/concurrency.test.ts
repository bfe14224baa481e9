// Issue 7: commands to one game are applied strictly one at a time in arrival order, even under concurrent
// requests, and nothing acknowledged is lost. Many clients on loopback, each a player alternating `enter`
// and `leave` (always legal in The Grid of January 2002), several games at once, with retries of the same
// Idempotency-Key racing their originals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAR_CORNER, placementRolls } from '../support/cli.js';
import { call, serve } from './support.js';
import type { Served } from './support.js';

const THINGS_FAR_AWAY = placementRolls(FAR_CORNER).split(',').map(Number);
const GAMES = 3;
const PLAYERS = 8;
const COMMANDS = 12;

interface Ack {
  seq: number;
  duplicate: boolean;
}

describe('many concurrent clients', () => {
  let served: Served;
  const acks = new Map<string, Ack>(); // game|player|key -> the answer

  beforeAll(async () => {
    served = await serve();
    const players: { game: string; name: string; token: string; unit: [number, number] }[] = [];
    for (let g = 0; g < GAMES; g++) {
      const game = `c${g}`;
      expect(
        // The Things in the far corner (manual dice): no player finds one and is moved into another's unit.
        (
          await call(served.base, 'POST', '/api/games', {
            body: { ruleset: 'grid-2002-01', game, dice: 'manual', rolls: THINGS_FAR_AWAY },
          })
        ).status,
      ).toBe(201);
      const joined = await Promise.all(
        Array.from({ length: PLAYERS }, (_, p) =>
          call(served.base, 'POST', `/api/games/${game}/join`, { body: { player: `p${p}` } }),
        ),
      );
      joined.forEach((j, p) => {
        expect(j.status).toBe(201);
        players.push({
          game,
          name: `p${p}`,
          token: (j.body as { token: string }).token,
          unit: [p + 1, p + 1],
        });
      });
    }
    // Every player at once; each player's own commands one after another (enter, leave, enter, …), and each
    // command sent twice at the same moment with the same key, as a client retrying a slow request would.
    await Promise.all(
      players.map(async (pl) => {
        for (let i = 0; i < COMMANDS; i++) {
          const body =
            i % 2 === 0 ? { type: 'enter', args: { x: pl.unit[0], y: pl.unit[1] } } : { type: 'leave' };
          const key = `k${i}`;
          const [a, b] = await Promise.all([
            call(served.base, 'POST', `/api/games/${pl.game}/commands`, { token: pl.token, body, key }),
            call(served.base, 'POST', `/api/games/${pl.game}/commands`, { token: pl.token, body, key }),
          ]);
          expect(a.status, JSON.stringify(a.body)).toBe(200);
          expect(b.status, JSON.stringify(b.body)).toBe(200);
          const [first, second] = [a.body as Ack, b.body as Ack];
          // One of the two did it; the other was told it was already done, with the same entries.
          expect([first.duplicate, second.duplicate].sort()).toEqual([false, true]);
          expect(first.seq).toBe(second.seq);
          acks.set(`${pl.game}|${pl.name}|${key}`, first.duplicate ? second : first);
        }
      }),
    );
  });

  afterAll(async () => {
    await served.close();
  });

  it('every acknowledged command is in its game log exactly once, at the seq it was acknowledged with', async () => {
    expect(acks.size).toBe(GAMES * PLAYERS * COMMANDS);
    for (let g = 0; g < GAMES; g++) {
      const game = `c${g}`;
      const entries = await served.referee.entries(game);
      const commands = entries.filter((e) => e.event.type === 'command');
      const byPlayer = commands.filter(
        (e) => (e.event.command as { by: { role: string } }).by.role === 'player',
      );
      // joins + the enter/leave commands, nothing twice
      expect(byPlayer).toHaveLength(PLAYERS * (COMMANDS + 1));
      for (const [k, ack] of acks) {
        if (!k.startsWith(`${game}|`)) continue;
        const entry = entries.find((e) => e.seq === ack.seq);
        expect(entry, k).toBeDefined();
      }
    }
  });

  it("each game's log is one unbroken chain in arrival order, and replays and verifies", async () => {
    for (let g = 0; g < GAMES; g++) {
      const entries = await served.referee.entries(`c${g}`);
      entries.forEach((e, i) => {
        expect(e.seq).toBe(i + 1);
        if (i > 0) expect(e.prev).toBe(entries[i - 1]?.hash);
      });
      const verified = await call(served.base, 'GET', `/api/games/c${g}/verify`);
      expect(verified.body).toMatchObject({ ok: true, problems: [] });
    }
  });

  it("each player's commands were applied in the order e sent them (enter, leave, enter, …)", async () => {
    for (let g = 0; g < GAMES; g++) {
      const entries = await served.referee.entries(`c${g}`);
      for (let p = 0; p < PLAYERS; p++) {
        const types = entries
          .filter((e) => e.event.type === 'command')
          .map((e) => e.event.command as { type: string; by: { name?: string } })
          .filter((c) => c.by.name === `p${p}` && c.type !== 'join')
          .map((c) => c.type);
        expect(types).toEqual(Array.from({ length: COMMANDS }, (_, i) => (i % 2 === 0 ? 'enter' : 'leave')));
      }
    }
  });
});
