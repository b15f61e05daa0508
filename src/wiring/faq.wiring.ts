import { FaqScreen } from '../screens/faq/FaqScreen.tsx';
import { wireBrandContent } from './brandContent.wiring.ts';
import { wired, type WiringDeps } from './wired.tsx';

/** /more/faq: the brand's questions and answers. */
export const wireFaq = (deps: WiringDeps) => ({ logic: wireBrandContent(deps) });

/** The screen with its wiring: one lazy chunk, loaded when /more/faq first shows. */
export const WiredFaqScreen = wired(FaqScreen, wireFaq);
