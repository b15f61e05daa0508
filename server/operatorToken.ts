import { readFileSync } from 'node:fs';

/** Shortest operator token accepted: 32 characters of `openssl rand -base64 32` carry well over 128 bits. */
export const operatorTokenMinimumLength = 32;

const howToMake = 'make one with: openssl rand -base64 32';

/**
 * The operator token of a deployment (the /admin routes of every instance, and the commands that
 * call them): `OPERATOR_TOKEN`, or the file `OPERATOR_TOKEN_FILE` names (a mounted secret; one
 * trailing line break is ignored). Undefined when neither is set. A weak or unreadable token is a
 * problem named in the thrown message, which never shows the token itself.
 */
export function readOperatorToken(env: Record<string, string | undefined>): string | undefined {
  const inline = env.OPERATOR_TOKEN || undefined;
  const file = env.OPERATOR_TOKEN_FILE || undefined;
  if (inline && file) throw new OperatorTokenError('OPERATOR_TOKEN and OPERATOR_TOKEN_FILE are both set: give the token one way');
  if (!inline && !file) return undefined;
  let token: string;
  const source = inline ? 'OPERATOR_TOKEN' : `OPERATOR_TOKEN_FILE (${file})`;
  if (inline) token = inline;
  else {
    try {
      token = readFileSync(file!, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new OperatorTokenError(`OPERATOR_TOKEN_FILE=${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  const problem = operatorTokenProblem(token);
  if (problem) throw new OperatorTokenError(`${source} ${problem}`);
  return token;
}

/** Why a token is too weak to open the /admin routes to the network, or null. */
export function operatorTokenProblem(token: string): string | null {
  if (!/^[\x21-\x7e]*$/.test(token)) return 'may hold visible ASCII characters only (no spaces or line breaks): an HTTP header carries it';
  if (token.length < operatorTokenMinimumLength) return `is ${token.length} characters long; an operator token needs at least ${operatorTokenMinimumLength} (${howToMake})`;
  // A long run of a few characters ("aaaa…", "abcabc…") is long but not secret.
  if (new Set(token).size < 10) return `repeats too few different characters to be a secret (${howToMake})`;
  return null;
}

export class OperatorTokenError extends Error {
  override name = 'OperatorTokenError';
}
