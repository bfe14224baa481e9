// The cost campaign's phase for issue 24 (cost.ts runs it): many amendments of one game's rules, one after the
// other for the phase's time (an amendment, and now and then a repeal), while the light load plays on; and what
// must be refused, clearly: a `set` of thousands of names (the first unknown one is named), every parameter
// named twice in other spellings, a dice expression past the schema's length. Afterwards the amended game's
// rules in force are read and its log verifies: what many amendments cost stays bounded per request (each
// amendment folds the amendments made, a few hundred at most in a phase).

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly ms: number;
}

export interface AmendmentTools {
  call(method: string, path: string, body?: unknown, token?: string): Promise<Answer>;
  must(method: string, path: string, body?: unknown, token?: string): Promise<Answer>;
  loop(until: number, concurrency: number, body: () => Promise<void>): Promise<void>;
  refuse(what: string, expect: [number, string], send: () => Promise<Answer>): Promise<void>;
  readonly failures: string[];
}

/** A `set` of `n` names no ruleset has (about 20 bytes each): under the server's body limit of 256 KB. */
const hugeSet = (n: number): Record<string, number> =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`no rule ${i}`, i]));

export async function amendmentsPhase(t: AmendmentTools, until: number): Promise<string> {
  const made = await t.must('POST', '/api/games', { ruleset: 'grid-2002-01', game: 'amend0' });
  const admin = String(made.body.adminToken);
  const g = '/api/games/amend0';
  let amendments = 0;
  let repeals = 0;
  let slowest = 0;
  await t.loop(until, 1, async () => {
    const a = await t.must(
      'POST',
      `${g}/commands`,
      {
        type: 'amend-rules',
        args: {
          set: { 'Shiny Thing points': 25 + (amendments % 100) },
          why: `Proposal ${5000 + amendments}`,
        },
      },
      admin,
    );
    amendments++;
    slowest = Math.max(slowest, a.ms);
    if (amendments % 10 === 0) {
      await t.must(
        'POST',
        `${g}/commands`,
        { type: 'repeal-amendment', args: { amendment: amendments - 1, why: 'P' } },
        admin,
      );
      repeals++;
    }
    // The refusals now and then (a set of 8,000 names is a body of ~170 KB to read): the amendments are the load.
    if (amendments % 50 !== 1) return;
    await t.refuse('an amend-rules with a set of 8,000 names', [422, 'unknown-parameter'], () =>
      t.call(
        'POST',
        `${g}/commands`,
        { type: 'amend-rules', args: { set: hugeSet(8_000), why: 'P' } },
        admin,
      ),
    );
    await t.refuse('an amend-rules naming a parameter twice', [422, 'bad-arguments'], () =>
      t.call(
        'POST',
        `${g}/commands`,
        { type: 'amend-rules', args: { set: { 'Grid size': 25, 'grid-size': 26, GRID_SIZE: 27 }, why: 'P' } },
        admin,
      ),
    );
    await t.refuse('a dice expression of 201 characters', [422, 'bad-arguments'], () =>
      t.call(
        'POST',
        `${g}/commands`,
        { type: 'amend-rules', args: { set: { 'Location dice': `2d${'1'.repeat(199)}` }, why: 'P' } },
        admin,
      ),
    );
  });
  const rules = await t.call('GET', `${g}/rules`);
  if (rules.status !== 200) t.failures.push(`the rules in force of an amended game answered ${rules.status}`);
  const listed = (rules.body.amendments as unknown[] | undefined)?.length ?? 0;
  if (listed !== amendments) t.failures.push(`${amendments} amendments made, ${listed} listed`);
  const verified = await t.call('GET', `${g}/verify`);
  if (verified.status === 200 && verified.body.ok !== true)
    t.failures.push('the amended game does not verify');
  return `${amendments} amendments and ${repeals} repeals of one game (the slowest answered in ${Math.round(slowest)} ms); its rules read, its log verified`;
}
