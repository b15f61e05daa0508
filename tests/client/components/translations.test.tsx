import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { OfferSubtitle } from '../../../src/components/OfferSubtitle.tsx';
import { TextField } from '../../../src/components/TextField.tsx';
import { Image } from '../../../src/components/Image.tsx';
import { imageOptions } from './offerFixtures.ts';
import { renderWithI18n } from './renderWithI18n.tsx';
import { enMessages, svMessages, nbMessages } from '../catalogs.ts';

const noop = () => {};
const editorial = (readingTime: number) => ({ type: 'editorial' as const, teaserLine: '', readingTime });

afterEach(() => act(() => i18n.loadAndActivate({ locale: 'en', messages: enMessages })));

describe('component texts in Swedish and Norwegian', () => {
  it('reads the reading time in Swedish, singular and plural', () => {
    i18n.loadAndActivate({ locale: 'sv', messages: svMessages });
    renderWithI18n(<OfferSubtitle offer={editorial(1)} />);
    renderWithI18n(<OfferSubtitle offer={editorial(7)} />);
    expect(screen.getByText('1 minuts läsning')).toBeTruthy();
    expect(screen.getByText('7 minuters läsning')).toBeTruthy();
  });

  it('reads the reading time in Norwegian', () => {
    i18n.loadAndActivate({ locale: 'nb', messages: nbMessages });
    renderWithI18n(<OfferSubtitle offer={editorial(1)} />);
    renderWithI18n(<OfferSubtitle offer={editorial(3)} />);
    expect(screen.getByText('1 minutts lesing')).toBeTruthy();
    expect(screen.getByText('3 minutters lesing')).toBeTruthy();
  });

  it('says an image description is missing in Swedish and Norwegian', () => {
    const undescribed = imageOptions({ imageDescription: undefined });
    i18n.loadAndActivate({ locale: 'sv', messages: svMessages });
    renderWithI18n(<Image image={undescribed} size="medium" />);
    expect(screen.getByAltText('Bildbeskrivning saknas')).toBeTruthy();
    act(() => i18n.loadAndActivate({ locale: 'nb', messages: nbMessages }));
    expect(screen.getByAltText('Bildebeskrivelse mangler')).toBeTruthy();
  });

  it('names the password toggle in Swedish', () => {
    i18n.loadAndActivate({ locale: 'sv', messages: svMessages });
    renderWithI18n(<TextField label="Lösenord" type="password" value="" onChange={noop} />);
    expect(screen.getByRole('button', { name: 'Visa lösenord' })).toBeTruthy();
  });
});
