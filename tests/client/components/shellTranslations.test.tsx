import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { Dialog } from '../../../src/components/Dialog.tsx';
import { BackButton } from '../../../src/components/shell/BackButton.tsx';
import { CartButton } from '../../../src/components/shell/CartButton.tsx';
import { renderWithI18n } from './renderWithI18n.tsx';
import { enMessages, svMessages, nbMessages } from '../catalogs.ts';

const noop = () => {};

afterEach(() => act(() => i18n.loadAndActivate({ locale: 'en', messages: enMessages })));

describe('shell and dialog texts in Swedish and Norwegian', () => {
  it('names the cart count and the dialog buttons in Swedish', () => {
    i18n.loadAndActivate({ locale: 'sv', messages: svMessages });
    renderWithI18n(<CartButton count={1} expanded={false} onOpen={noop} />);
    renderWithI18n(<CartButton count={4} expanded={false} onOpen={noop} />);
    renderWithI18n(<Dialog open title="Ta bort?" message="" onClose={noop} onYes={noop} onNo={noop} />);
    expect(screen.getByRole('button', { name: 'Varukorg, 1 vara' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Varukorg, 4 varor' })).toBeTruthy();
    for (const name of ['Stäng', 'Nej', 'Ja']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('names the cart and the back button in Norwegian', () => {
    i18n.loadAndActivate({ locale: 'nb', messages: nbMessages });
    renderWithI18n(<CartButton count={0} expanded={false} onOpen={noop} />);
    renderWithI18n(<BackButton canGoBack onBack={noop} />);
    expect(screen.getByRole('button', { name: 'Handlekurv, tom' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tilbake' })).toBeTruthy();
  });
});
