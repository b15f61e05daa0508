import { wireBrandContent } from './brandContent.wiring.ts';
import { wired, type WiringDeps } from './wired.tsx';
import { MoreScreen } from '../screens/more/MoreScreen.tsx';

/** /more: the contact section's chat and Messenger links come with the brand's content (shared, cached). */
export const wireMore = (deps: WiringDeps) => ({ contentLogic: wireBrandContent(deps) });

/** The screen with its wiring: one lazy chunk, loaded when /more first shows (a member's tab). */
export const WiredMoreScreen = wired(MoreScreen, wireMore);
