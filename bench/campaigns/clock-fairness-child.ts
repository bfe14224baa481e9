// The clock fairness campaign's second process on PostgreSQL (clock-fairness.ts): a Clockwork of its own, on the
// wall clock, over the same schema as the campaign's process, printing each report as one JSON line on stdout
// until SIGTERM (then it finishes the boundaries under way and exits 0).
// Run by the campaign: `node dist/bench/campaigns/clock-fairness-child.js URL SCHEMA CAP`.
import { Clockwork } from '../../src/clock/clockwork.js';
import { systemTime } from '../../src/clock/time.js';
import { Referee } from '../../src/engine/referee.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { useNativeHashes } from '../../src/node/native-hash.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { PostgresStore } from '../../src/store/postgres.js';

async function main(): Promise<void> {
  const [url, schema, cap] = process.argv.slice(2);
  if (!url || !schema || !cap) throw new Error('usage: clock-fairness-child URL SCHEMA CAP');
  useNativeHashes();
  const store = await PostgresStore.open(url, { schema });
  const referee = new Referee(store, defaultRegistry(), systemEntropy);
  const clock = new Clockwork({
    referee,
    time: systemTime,
    catchUpCap: Number(cap),
    report: (r) => process.stdout.write(`${JSON.stringify(r)}\n`),
  });
  const alive = setInterval(() => undefined, 1 << 30);
  const stopped = new Promise<void>((resolve) => process.once('SIGTERM', () => resolve()));
  await clock.start();
  process.stdout.write('{"kind":"ready","text":"ready"}\n');
  await stopped;
  await clock.stop();
  clearInterval(alive);
  await store.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
