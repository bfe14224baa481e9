// Writes docs/screenshots/: every ruleset's page as its player sees it (and the Administrator's and the
// public's), on a phone (390 x 844) and a desktop (1280 x 800), the whole page each time. Not a test: run it
// after changing the page (`npm run screenshots`, which builds first), then look at the pictures.
// It serves the page already built in dist/web, with the real server on a temporary SQLite file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SIZES, startHarness } from './support.js';
import type { Who } from './scenes.js';
import { open, RULESETS, scene } from './scenes.js';

/** Who is shown for each ruleset: the player always; the Administrator and the public where they differ most. */
const WHO: Record<string, readonly Who[]> = {
  'grid-2002-06': ['player', 'admin', 'public'],
  tunnelers: ['player', 'admin'],
};

const out = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const webRoot = fileURLToPath(new URL('../../web/', import.meta.url));

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const h = await startHarness({ webRoot });
  try {
    for (const ruleset of RULESETS) {
      const s = await scene(h.base, ruleset, `shot-${ruleset.replace('+', '-')}`);
      for (const who of WHO[ruleset] ?? ['player']) {
        const { page } = await h.person();
        for (const size of SIZES) {
          await page.setViewportSize({ width: size.width, height: size.height });
          await open(page, h.base, s, who);
          await page.getByTestId('live').filter({ hasText: 'live' }).first().waitFor();
          const file = `${ruleset.replace('+', '-')}-${who}-${size.name}.png`;
          writeFileSync(`${out}${file}`, await page.screenshot({ type: 'png', fullPage: true }));
          console.log(`docs/screenshots/${file}`);
        }
      }
    }
  } finally {
    await h.close();
  }
}

await main();
