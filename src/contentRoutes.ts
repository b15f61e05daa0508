import { lazyWithPreload } from './lazyWithPreload.ts';

/**
 * The content phase's routes, loaded ahead by the start (src/start.tsx) in a task of their own:
 * loading them inside the render that enters content made that render one long task.
 * Their texts are in the base catalog; each screen they load brings its own (src/i18n/i18n.ts).
 */
export const contentRoutes = lazyWithPreload(() => import('./routes/ContentRoutes.tsx'));
