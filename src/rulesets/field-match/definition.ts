// The shape of a Field Match definition, as B Nomic's Field Match proposals are written: a Field of W x H
// squares with an adjacency; Attributes with a Scope, a Range and a Default; Field Objects; Invokable
// Actions, each Attached to something, with a Trigger and an Effect. This file is the unchecked input: a zod
// schema a definition written by hand (or read from JSON) must satisfy. `compile.ts` then checks every
// cross-reference and makes the validated `Match`.
import { z } from 'zod';

/** Names of attributes, Field Objects and actions: a letter, then letters and digits ("Team", "Cell"). */
export const NAME = /^[A-Za-z][A-Za-z0-9]*$/;
/** Command words: lower-case letters, digits and dashes ("tweak"). */
export const VERB = /^[a-z][a-z0-9-]*$/;

const name = z.string().regex(NAME, 'a name is a letter followed by letters and digits');

/** A value an attribute can hold: a word ("Red"), a whole number, or null. */
export const valueSchema = z.union([
  z
    .string()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 _-]*$/, 'a value is a word of letters, digits, spaces, _ and -')
    .refine((s) => s !== 'null', 'write null, not the string "null"'),
  z.number().int(),
  z.null(),
]);
export type Value = z.infer<typeof valueSchema>;

/** "Range: Red, Green, Blue, null" as a list; a whole-number interval; or "same as" another attribute's. */
export const rangeSchema = z.union([
  z
    .array(valueSchema)
    .min(1, 'a range lists at least one value')
    .max(255, 'a range lists at most 255 values'),
  z
    .object({ min: z.number().int(), max: z.number().int(), nullable: z.boolean().optional() })
    .strict()
    .refine((r) => r.min <= r.max, 'min must not exceed max'),
  z.object({ sameAs: name }).strict(),
]);

export const attributeSchema = z
  .object({
    name,
    /** "Players", "Field", or the name of a Field Object. */
    scope: name,
    range: rangeSchema,
    default: z.union([valueSchema, z.object({ sameAs: name }).strict()]),
    /** The sentences of the text that define it. */
    text: z.string().optional(),
  })
  .strict();

export const objectSchema = z
  .object({
    name,
    /** How the text names several ("Cells"); defaults to the name plus "s". */
    plural: name.optional(),
    /** Which attribute the drawn field shows on a square with this object, and the symbol of each value. */
    display: z
      .object({
        attribute: name,
        symbols: z.record(z.string(), z.string().length(1, 'a symbol is one character')).optional(),
      })
      .strict()
      .optional(),
    text: z.string().optional(),
  })
  .strict();

/** Something a condition compares: a constant, or an attribute of the target, of the invoker, of the Field. */
export const operandSchema = z.union([
  z.object({ value: valueSchema }).strict(),
  z.object({ target: name }).strict(),
  z.object({ invoker: name }).strict(),
  z.object({ field: name }).strict(),
]);
export type Operand = z.infer<typeof operandSchema>;

export const COMPARISONS = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;
export type Comparison = (typeof COMPARISONS)[number];

/** A condition on attributes and objects, combined with all / any / not. */
export type Condition =
  | { readonly eq: readonly [Operand, Operand] }
  | { readonly ne: readonly [Operand, Operand] }
  | { readonly lt: readonly [Operand, Operand] }
  | { readonly le: readonly [Operand, Operand] }
  | { readonly gt: readonly [Operand, Operand] }
  | { readonly ge: readonly [Operand, Operand] }
  | { readonly all: readonly Condition[] }
  | { readonly any: readonly Condition[] }
  | { readonly not: Condition }
  /** Some object of this kind exists on the Field. */
  | { readonly exists: string }
  /** No object of this kind exists on the Field ("While no Cells exist"). */
  | { readonly none: string };

const pair = z.tuple([operandSchema, operandSchema]);
export const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.object({ eq: pair }).strict(),
    z.object({ ne: pair }).strict(),
    z.object({ lt: pair }).strict(),
    z.object({ le: pair }).strict(),
    z.object({ gt: pair }).strict(),
    z.object({ ge: pair }).strict(),
    z.object({ all: z.array(conditionSchema).min(1) }).strict(),
    z.object({ any: z.array(conditionSchema).min(1) }).strict(),
    z.object({ not: conditionSchema }).strict(),
    z.object({ exists: name }).strict(),
    z.object({ none: name }).strict(),
  ]),
);

/**
 * One condition of a Trigger with the error a refused invocation gets. `fails` may name {target},
 * {invoker}, {target.Attr}, {invoker.Attr} and {field.Attr}; they are filled in from the game.
 */
export const requirementSchema = z
  .object({
    test: conditionSchema,
    code: z.string().regex(VERB, 'an error code is lower-case words joined by dashes'),
    fails: z.string().min(1),
  })
  .strict();

export const triggerSchema = z
  .object({
    /** Who invokes it: the Referee (an Administrator's command) or any Player (an announcement). */
    by: z.enum(['Referee', 'Player']),
    /** How many times per nweek each invoker may ("he has not already done so during the current nweek"). */
    perNweek: z.number().int().min(1).optional(),
    /** Actions that must already have been performed (by anyone) during the current nweek. */
    after: z.array(name).optional(),
    /** Conditions, checked in order; the first that fails refuses the invocation with its code and text. */
    when: z.array(requirementSchema).optional(),
  })
  .strict();

export const actionSchema = z
  .object({
    name,
    /** The command word; defaults to the name in lower case. */
    verb: z.string().regex(VERB, 'a verb is lower-case letters, digits and dashes').optional(),
    /** "Field", "Players", or a Field Object: what the invocation is about (its target). */
    attachedTo: name,
    trigger: triggerSchema,
    /** The name of the registered effect that carries it out. */
    effect: name,
    /** One line for the command's help. */
    summary: z.string().optional(),
    text: z.string().optional(),
  })
  .strict();

export const definitionSchema = z
  .object({
    /** The ruleset id ("life"). */
    id: z.string().regex(VERB, 'an id is lower-case letters, digits and dashes'),
    /** The match's name ("Life"). */
    name: z.string().min(1).max(80),
    /** Where the text comes from (a seed file, a message). */
    source: z.string().optional(),
    field: z
      .object({
        width: z.number().int().min(1).max(4096),
        height: z.number().int().min(1).max(4096),
        /** 'orthogonal': the four squares sharing a side; 'diagonal': also the four sharing only a corner. */
        adjacency: z.enum(['orthogonal', 'diagonal']),
        text: z.string().optional(),
      })
      .strict(),
    attributes: z.array(attributeSchema),
    objects: z.array(objectSchema),
    actions: z.array(actionSchema).min(1, 'a match has at least one Invokable Action'),
    text: z.string().optional(),
  })
  .strict();

/** A Field Match definition as written (unchecked). */
export type FieldMatchDefinition = z.input<typeof definitionSchema>;
export type ParsedDefinition = z.output<typeof definitionSchema>;
export type AttributeDefinition = z.output<typeof attributeSchema>;
export type ActionDefinition = z.output<typeof actionSchema>;
export type Requirement = z.output<typeof requirementSchema>;
