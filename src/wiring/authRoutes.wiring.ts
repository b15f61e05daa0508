import { saveWantedPath } from '../services/browserHistory.ts';

/** The auth route table: a path asked for before sign-in is kept in the browser session. */
export function wireAuthRoutes() {
  return { saveWantedPath };
}
