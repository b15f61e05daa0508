import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { enMessages as messages } from './catalogs.ts';

i18n.loadAndActivate({ locale: 'en', messages });
afterEach(() => cleanup());
