// Dice notation as the seeds write it: "2d20", "1d4", "2+2n" style constants, "5+5d3", and sizes computed
// by a rule ("1d(3*N)" with N bound by the caller). Hand-written because the grammar is ten rules and every
// dice library we looked at insists on rolling with its own random numbers; ours must come from the kernel.
import { reject } from '../errors.js';

/** One term of a dice expression: `count` dice of `sides` sides, or a constant; either may be subtracted. */
export type DiceTerm =
  | { readonly kind: 'dice'; readonly sign: 1 | -1; readonly count: number; readonly sides: number }
  | { readonly kind: 'const'; readonly sign: 1 | -1; readonly value: number };

/** A parsed, fully resolved expression (variables substituted), with its canonical text. */
export interface DiceSpec {
  readonly terms: readonly DiceTerm[];
  readonly text: string;
}

const MAX_DICE = 1000;
const MAX_SIDES = 2 ** 31;

class Parser {
  private pos = 0;
  constructor(
    private readonly src: string,
    private readonly vars: Readonly<Record<string, number>>,
  ) {}

  parse(): DiceSpec {
    const terms: DiceTerm[] = [];
    let sign: 1 | -1 = 1;
    for (;;) {
      terms.push(this.term(sign));
      this.space();
      const c = this.src[this.pos];
      if (c === undefined) break;
      if (c === '+' || c === '-') {
        sign = c === '+' ? 1 : -1;
        this.pos++;
      } else this.fail(`unexpected '${c}'`);
    }
    return { terms, text: terms.map((t, i) => termText(t, i === 0)).join('') };
  }

  private term(sign: 1 | -1): DiceTerm {
    this.space();
    let count = 1;
    if (this.peek() !== 'd') count = this.atom();
    this.space();
    if (this.peek() !== 'd') {
      if (!Number.isSafeInteger(count)) this.fail(`${count} is not a whole number`);
      return { kind: 'const', sign, value: count };
    }
    this.pos++;
    const sides = this.atom();
    if (!Number.isInteger(count) || count < 0 || count > MAX_DICE) this.fail(`cannot roll ${count} dice`);
    if (!Number.isInteger(sides) || sides < 1 || sides > MAX_SIDES)
      this.fail(`a die cannot have ${sides} sides`);
    return { kind: 'dice', sign, count, sides };
  }

  /** A number, a variable, or a parenthesised arithmetic expression over them. */
  private atom(): number {
    this.space();
    const c = this.peek();
    if (c === '(') {
      this.pos++;
      const v = this.sum();
      this.space();
      if (this.peek() !== ')') this.fail("missing ')'");
      this.pos++;
      return v;
    }
    const num = /^\d+/.exec(this.src.slice(this.pos));
    if (num) {
      this.pos += num[0].length;
      return Number(num[0]);
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.src.slice(this.pos));
    if (name && name[0] !== 'd') {
      // Own properties only: "constructor" or "__proto__" must not read Object.prototype.
      const v = Object.hasOwn(this.vars, name[0]) ? this.vars[name[0]] : undefined;
      if (typeof v !== 'number') this.fail(`unknown variable ${name[0]}`);
      this.pos += name[0].length;
      return v;
    }
    return this.fail('expected a number');
  }

  private sum(): number {
    let v = this.product();
    for (;;) {
      this.space();
      const c = this.peek();
      if (c !== '+' && c !== '-') return v;
      this.pos++;
      v = c === '+' ? v + this.product() : v - this.product();
    }
  }

  private product(): number {
    let v = this.atom();
    for (;;) {
      this.space();
      if (this.peek() !== '*') return v;
      this.pos++;
      v *= this.atom();
    }
  }

  private peek(): string | undefined {
    return this.src[this.pos];
  }
  private space(): void {
    while (this.src[this.pos] === ' ') this.pos++;
  }
  private fail(why: string): never {
    return reject('bad-dice', `cannot read dice "${this.src}": ${why} at position ${this.pos + 1}`);
  }
}

function termText(t: DiceTerm, first: boolean): string {
  const body = t.kind === 'dice' ? `${t.count}d${t.sides}` : String(t.value);
  if (first) return t.sign === -1 ? `-${body}` : body;
  return `${t.sign === -1 ? '-' : '+'}${body}`;
}

/** Parses and resolves a dice expression; a malformed one is a 'bad-dice' rejection. */
export function parseDice(src: string, vars: Readonly<Record<string, number>> = {}): DiceSpec {
  return new Parser(src.trim(), vars).parse();
}

/** The sides of every die the expression rolls, in order. */
export function diceSides(spec: DiceSpec): number[] {
  const sides: number[] = [];
  for (const t of spec.terms) if (t.kind === 'dice') for (let i = 0; i < t.count; i++) sides.push(t.sides);
  return sides;
}

/** The total of an expression given the value of each die, in the order of diceSides. */
export function diceTotal(spec: DiceSpec, values: readonly number[]): number {
  let total = 0;
  let i = 0;
  for (const t of spec.terms) {
    if (t.kind === 'const') total += t.sign * t.value;
    else for (let k = 0; k < t.count; k++) total += t.sign * (values[i++] ?? 0);
  }
  return total;
}
