// An error as the page says it: the server's refusal with its code, or what went wrong on the way. One
// wording for every form and panel, so a refusal reads the same wherever it is shown.
import { ApiError } from './api';

export const message = (e: unknown): string =>
  e instanceof ApiError ? `${e.message} (${e.code})` : e instanceof Error ? e.message : String(e);
