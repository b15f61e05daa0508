import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { messages } from '../../src/i18n/locales/en/messages.po';

i18n.loadAndActivate({ locale: 'en', messages });
afterEach(() => cleanup());
