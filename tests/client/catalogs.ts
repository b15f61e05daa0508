import type { Messages } from '@lingui/core';
import { messages as enAuth } from '../../src/i18n/locales/en/auth.po';
import { messages as enContent } from '../../src/i18n/locales/en/content.po';
import { messages as svAuth } from '../../src/i18n/locales/sv/auth.po';
import { messages as svContent } from '../../src/i18n/locales/sv/content.po';
import { messages as nbAuth } from '../../src/i18n/locales/nb/auth.po';
import { messages as nbContent } from '../../src/i18n/locales/nb/content.po';

/** Each locale's whole text set, as the app has it once the content routes loaded (src/i18n/i18n.ts). */
export const enMessages: Messages = { ...enAuth, ...enContent };
export const svMessages: Messages = { ...svAuth, ...svContent };
export const nbMessages: Messages = { ...nbAuth, ...nbContent };
