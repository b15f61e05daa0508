/** `accounts:<method>`; `::` is Fastify's escape for a literal colon (a single one would start a parameter). */
export const accountsPath = (method: string) => `/identitytoolkit.googleapis.com/v1/accounts::${method}`;

export const tokenPath = '/securetoken.googleapis.com/v1/token';

export const jwksPath = '/identity/.well-known/jwks.json';

export const passwordPolicyPath = '/identitytoolkit.googleapis.com/v2/passwordPolicy';
