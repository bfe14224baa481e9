// Command arguments as players type them.
import { z } from 'zod';

/** A word or words of a command line as text (the CLI reads "42" as a number and "true" as a boolean). */
export const text = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((v) => String(v).trim().replace(/\s+/g, ' '));
