import type { Messages } from '@lingui/core';
import { messages as enBase } from '../../src/i18n/locales/en/base.po';
import { messages as enAuth } from '../../src/i18n/locales/en/auth.po';
import { messages as enContent } from '../../src/i18n/locales/en/content.po';
import { messages as svBase } from '../../src/i18n/locales/sv/base.po';
import { messages as svAuth } from '../../src/i18n/locales/sv/auth.po';
import { messages as svContent } from '../../src/i18n/locales/sv/content.po';
import { messages as nbBase } from '../../src/i18n/locales/nb/base.po';
import { messages as nbAuth } from '../../src/i18n/locales/nb/auth.po';
import { messages as nbContent } from '../../src/i18n/locales/nb/content.po';

/** Each locale's whole text set, as the app has it once every catalog loaded (src/i18n/i18n.ts). */
export const enMessages: Messages = { ...enBase, ...enAuth, ...enContent };
export const svMessages: Messages = { ...svBase, ...svAuth, ...svContent };
export const nbMessages: Messages = { ...nbBase, ...nbAuth, ...nbContent };
