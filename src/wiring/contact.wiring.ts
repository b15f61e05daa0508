import { ContactScreen } from '../screens/contact/ContactScreen.tsx';
import { wireBrandContent } from './brandContent.wiring.ts';
import { wired, type WiringDeps } from './wired.tsx';

/** /more/contact: the brand's contact texts, and the device's clock for whether the phone is answered now. */
export const wireContact = (deps: WiringDeps) => ({ logic: wireBrandContent(deps), now: () => Date.now() });

/** The screen with its wiring: one lazy chunk, loaded when /more/contact first shows. */
export const WiredContactScreen = wired(ContactScreen, wireContact);
