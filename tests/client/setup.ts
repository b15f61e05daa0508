import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { enMessages as messages } from './catalogs.ts';

i18n.loadAndActivate({ locale: 'en', messages });
// findBy* and waitFor wait up to 5 s, not 1 s: on a busy machine a lazy screen chunk or a
// machine's async actor can take longer than a second (the tests' own timeout is 20 s).
configure({ asyncUtilTimeout: 5_000 });
// Each test is a fresh device: nothing rendered, nothing cached (categories, user, feeds) by the one before.
afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});
