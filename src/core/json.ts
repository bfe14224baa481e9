/** Plain JSON data: everything in the log and every view is made of this. */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
export type JsonObject = { readonly [key: string]: Json };

/**
 * Whether a value is plain JSON data: what zod's z.json() accepts (finite numbers, plain objects and arrays,
 * no undefined), checked in one walk. z.json() is a recursive union that tries every branch at every node:
 * it took ~4 ms of the event loop for a 130 KB Quests map (issue 13, item 4).
 */
export function isJson(value: unknown): value is Json {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (const item of value as readonly unknown[]) if (!isJson(item)) return false;
        return true;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      const obj = value as Readonly<Record<string, unknown>>;
      for (const key in obj) if (!isJson(obj[key])) return false;
      return true;
    }
    case 'undefined':
    case 'bigint':
    case 'function':
    case 'symbol':
      return false;
  }
}
