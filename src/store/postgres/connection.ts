// Connection strings and connection failures of the PostgreSQL store.
import { StoreError } from '../store.js';

/** A failure of the connection (or the server going away), as opposed to the server refusing a statement. */
export function isConnectionError(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  const code = err.code ?? '';
  const message = err.message ?? String(e);
  return (
    /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EPIPE|EHOSTUNREACH)$/.test(code) ||
    code.startsWith('08') ||
    code.startsWith('28') ||
    code.startsWith('3D') ||
    code.startsWith('53') ||
    code.startsWith('57P') ||
    /Connection terminated|connection (is )?closed/i.test(message)
  );
}

/** `postgres://…?schema=NAME`: the connection string without our own parameter, and the schema it names. */
export function parsePostgresUrl(spec: string): { url: string; schema?: string } {
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    throw new StoreError('not-our-file', `${spec} is not a PostgreSQL connection string`);
  }
  const schema = url.searchParams.get('schema') ?? undefined;
  url.searchParams.delete('schema');
  return { url: url.toString(), ...(schema !== undefined ? { schema } : {}) };
}

/** A connection string fit for messages: the password replaced. */
export function redact(connection: string): string {
  try {
    const url = new URL(connection);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(a PostgreSQL connection string)';
  }
}
