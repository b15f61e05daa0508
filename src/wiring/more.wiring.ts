import { wireBrandContent } from './brandContent.wiring.ts';
import type { WiringDeps } from './wired.tsx';

/** /more: the contact section's chat and Messenger links come with the brand's content (shared, cached). */
export const wireMore = (deps: WiringDeps) => ({ contentLogic: wireBrandContent(deps) });
