// E.2.2 ZOE's and ZATR's: "Players in a Siren's ZATR may only move to Grid squares in that Siren's ZATR or Grid
// squares in that Siren's ZOE. ... Players in a Siren's ZOE may only move to other Grid Squares in that
// Siren's ZOE."
// E.2.3 Lovemaking: "If a player is in the same Siren's ZOE at the end of 2 consecutive nweeks, that player may
// elect to Make Love to the Siren by posting this action in a public forum. Making Love to a Siren removes the
// Siren from the Grid. When a player Makes Love to a Siren, the administrator will roll 1d3. If the result is
// a 3, that player becomes a Toad for 4 nweeks."
// E.2.5: "If a Female Player enters the area that would be considered a Siren's ZATR, 1d10 is rolled. On a roll
// of 1, the Player may move freely, as if the Siren does not exist, until e leaves the Siren's ZATR."
// F.4: "Deaf players are unaffected by Sirens."
import { z } from 'zod';
import { playerCommand, refuse } from '../../core/index.js';
import type { Folds, Json, Texts } from '../../core/index.js';
import type { JuneState, ObjectRemoved, Unit } from './types.js';
import { own } from './types.js';
import { locationOf, objectById, rolled } from './grid.js';
import { withDE } from './de-state.js';
import { inZatr, inZoe, sirens } from './de-zones.js';
import { becomeToad } from './de-toads.js';
import type { JuneErrorCode } from './errors.js';
import type { SirenEvent } from './de-events.js';
import type { JuneCtx, JuneEvent, JuneModule } from './events.js';

/** Whether a Siren holds a player: not if e is Deaf (F.4) or freed from her (E.2.5). */
function holds(ctx: JuneCtx, player: string, siren: string): boolean {
  if (own(ctx.rules.de.deaf, player)) return false;
  return !(own(ctx.rules.de.freed, player) ?? []).includes(siren);
}

export const sirensModule: JuneModule = {
  id: 'sirens',
  section: 'E.2 Sirens (E.2.2 zones, E.2.3 Lovemaking, E.2.5 Female players)',
  text: "Players in a Siren's ZATR may only move to Grid squares in that Siren's ZATR or ... ZOE. ... Players in a Siren's ZOE may only move to other Grid Squares in that Siren's ZOE. ... If a player is in the same Siren's ZOE at the end of 2 consecutive nweeks, that player may elect to Make Love to the Siren ... If a Female Player enters the area that would be considered a Siren's ZATR, 1d10 is rolled ...",
  answers: {
    'siren-holds'(ctx, q: Json) {
      const { player, siren } = q as { player: string; siren: string };
      return holds(ctx, player, siren) ? 'held' : undefined;
    },
    'may-move'(ctx, q: Json) {
      const { player, from, to } = q as { player: string; from: Unit; to: Unit };
      for (const siren of sirens(ctx.rules)) {
        if (!holds(ctx, player, siren.id)) continue;
        const name = siren.name ?? 'the Siren';
        if (inZoe(siren, from) && !inZoe(siren, to))
          return `${player} is in ${name}'s Zone of Enchantment and may only move within it`;
        if (inZatr(siren, from) && !inZoe(siren, to) && !inZatr(siren, to))
          return `${player} is in ${name}'s Zone of Almost-Total Rapture and may not leave it`;
      }
      return undefined; // defer to the rules below
    },
  },
  commands: {
    'make-love': playerCommand<JuneState, z.ZodType<{ siren: string }>, JuneErrorCode, JuneEvent>({
      summary: 'Make Love to a Siren whose ZOE you have been in at the end of two consecutive nweeks',
      words: ['siren'],
      args: z.object({ siren: z.string().min(1).max(100) }).strict(),
      run(ctx, by, { siren }) {
        const id = siren.startsWith('siren:') ? siren : `siren:${siren}`;
        const s = objectById(ctx.rules, id);
        if (!s || s.kind !== 'siren' || !('on' in s.place))
          return refuse('unknown-siren', `there is no Siren ${siren} on the Grid`);
        const at = locationOf(ctx.rules, by.name);
        const streak = ctx.rules.de.zoe[by.name];
        // R-J12: e must still be in her ZOE, having been there at the end of the last two nweeks.
        if (!at || !inZoe(s, at) || !streak || streak.siren !== id || streak.nweeks < 2) {
          return refuse(
            'not-allowed',
            `${by.name} has not been in ${s.name ?? siren}'s Zone of Enchantment at the end of two consecutive nweeks`,
          );
        }
        const gone: ObjectRemoved = {
          type: 'object-removed',
          vis: 'public',
          id,
          why: `${by.name} Made Love to her`,
        };
        ctx.emit(gone);
        const d3 = ctx.roll('1d3', `does ${by.name} become a Toad?`);
        ctx.emit({ type: 'made-love', vis: 'public', player: by.name, siren: s.name ?? siren, rolls: [d3] });
        if (d3.result === 3) becomeToad(ctx, by.name, 4, `Made Love to the Siren ${s.name ?? siren}`);
      },
    }),
  },
  hooks: {
    nweekEnd(ctx) {
      // E.2.3: count, for each player on the Grid, the nweek ends e spends in one Siren's ZOE in a row.
      const zoe: Record<string, { siren: string; nweeks: number }> = {};
      for (const name of ctx.state.players) {
        const at = locationOf(ctx.rules, name);
        const siren = at ? sirens(ctx.rules).find((s) => inZoe(s, at)) : undefined;
        if (!siren) continue;
        const before = ctx.rules.de.zoe[name];
        zoe[name] = { siren: siren.id, nweeks: before && before.siren === siren.id ? before.nweeks + 1 : 1 };
      }
      ctx.emit({ type: 'zoe-counted', vis: 'public', zoe });
    },
  },
  triggers: [
    {
      // E.2.5: a Female player who enters a ZATR rolls 1d10 (R-J13); leaving the Siren's ZATR ends what a 1
      // gave. State-based, so it sees every way of arriving: a Move, a slide, a landing, a throw.
      after: ['object-moved', 'object-placed', 'object-removed'],
      run(ctx) {
        for (const name of ctx.state.players) {
          const at = locationOf(ctx.rules, name);
          const now = at
            ? sirens(ctx.rules)
                .filter((s) => inZatr(s, at))
                .map((s) => s.id)
            : [];
          const before = own(ctx.rules.de.zatr, name) ?? [];
          const freed = own(ctx.rules.de.freed, name) ?? [];
          // R-J13: "until e leaves the Siren's ZATR": the ZATR is the outer ring only (E.2.2), so stepping into
          // the ZOE leaves it, and from there the ZOE holds her. Edition 1 read it as until she was in neither.
          const literal = ctx.state.edition >= 2;
          const still = freed.filter((id) => {
            const s = objectById(ctx.rules, id);
            return at !== undefined && s !== undefined && (inZatr(s, at) || (!literal && inZoe(s, at)));
          });
          if (still.length !== freed.length)
            ctx.emit({ type: 'siren-free-ends', vis: 'public', player: name, freed: still });
          if (now.length === before.length && now.every((id) => before.includes(id))) continue;
          ctx.emit({ type: 'zatr-now', vis: 'public', player: name, sirens: now });
          if (!own(ctx.rules.players, name)?.female || own(ctx.rules.de.deaf, name)) continue;
          for (const id of now) {
            if (before.includes(id) || still.includes(id)) continue;
            const siren = objectById(ctx.rules, id);
            const d10 = ctx.roll('1d10', `${name} enters ${siren?.name ?? 'a Siren'}'s ZATR`);
            ctx.emit({
              type: 'zatr-roll',
              vis: 'public',
              player: name,
              siren: siren?.name ?? id,
              rolls: [d10],
            });
            if (d10.result === 1) ctx.emit({ type: 'siren-free', vis: 'public', player: name, siren: id });
          }
        }
      },
    },
  ],
  evolve: {
    'zoe-counted': (s, e) => withDE(s, { zoe: e.zoe }),
    'siren-free': (s, e) => {
      const name = e.player;
      return withDE(s, {
        freed: { ...s.de.freed, [name]: [...(own(s.de.freed, name) ?? []), e.siren] },
      });
    },
    'zatr-now': (s, e) => withDE(s, { zatr: { ...s.de.zatr, [e.player]: e.sirens } }),
    'siren-free-ends': (s, e) => withDE(s, { freed: { ...s.de.freed, [e.player]: e.freed } }),
  } satisfies Folds<JuneState, SirenEvent>,
  describe: {
    'zoe-counted': () => 'The Sirens count who lingers in their Zones of Enchantment.',
    'made-love': (e) =>
      `${e.player} Makes Love to the Siren ${e.siren}, who leaves the Grid (1d3 = ${rolled(e)}).`,
    'zatr-roll': (e) => `${e.player} enters the ZATR of ${e.siren}: 1d10 = ${rolled(e)}.`,
    'siren-free': (e) =>
      `${e.player} may move freely, as if ${e.siren} did not exist, until e leaves her ZATR.`,
    'siren-free-ends': (e) => `${e.player} has left a Siren's ZATR.`,
    'zatr-now': (e) => `${e.player} stands in the ZATR of ${e.sirens.length} Siren(s).`,
  } satisfies Texts<SirenEvent>,
};
