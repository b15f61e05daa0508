/**
 * A database error as it may be logged: drizzle puts the query's parameters in its message and
 * PostgreSQL the offending key in `detail`; both can be e-mails or personal numbers.
 */
export function withoutQueryValues(error: Error): Error {
  const query = (error as { query?: unknown }).query;
  if (typeof query !== 'string') return error;
  const cause = (error as { cause?: unknown }).cause as { code?: unknown; message?: unknown; constraint?: unknown } | undefined;
  const safe = new Error(`Failed query: ${query}`);
  safe.name = error.name;
  safe.stack = `${safe.name}: ${safe.message}\n${(error.stack ?? '').split('\n').slice(1).filter((line) => line.trimStart().startsWith('at ')).join('\n')}`;
  Object.assign(safe, { code: cause?.code, constraint: cause?.constraint, reason: typeof cause?.message === 'string' ? cause.message : undefined });
  return safe;
}
