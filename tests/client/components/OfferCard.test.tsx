import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OfferCard } from '../../../src/components/OfferCard.tsx';
import { BillboardCard } from '../../../src/components/BillboardCard.tsx';
import { billboardImageSizes } from '../../../domain/imageSources.ts';
import { feedOffer, imageOptions } from './offerFixtures.ts';
import { renderWithI18n } from './renderWithI18n.tsx';

const noop = () => {};

describe('OfferCard', () => {
  it('shows the title as a level 3 heading and the teaser line', () => {
    renderWithI18n(<OfferCard offer={feedOffer()} href="/benefit/offer-1" onOpen={noop} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Two for one' })).toBeTruthy();
    expect(screen.getByText('Bring a friend for free')).toBeTruthy();
  });

  it('takes another heading level', () => {
    renderWithI18n(<OfferCard offer={feedOffer()} href="/benefit/offer-1" onOpen={noop} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Two for one' })).toBeTruthy();
  });

  it('shows the singular reading time for a one-minute editorial', () => {
    renderWithI18n(<OfferCard offer={feedOffer({ type: 'editorial', readingTime: 1 })} href="/x" onOpen={noop} />);
    expect(screen.getByText('1 minute read')).toBeTruthy();
    expect(screen.queryByText('Bring a friend for free')).toBeNull();
  });

  it('shows the plural reading time otherwise', () => {
    renderWithI18n(<OfferCard offer={feedOffer({ type: 'editorial', readingTime: 5 })} href="/x" onOpen={noop} />);
    expect(screen.getByText('5 minutes read')).toBeTruthy();
  });

  it('shows the teaser for an editorial without a reading time', () => {
    renderWithI18n(<OfferCard offer={feedOffer({ type: 'editorial', readingTime: null })} href="/x" onOpen={noop} />);
    expect(screen.getByText('Bring a friend for free')).toBeTruthy();
  });

  it('shows the teaser, not a reading time, for other types', () => {
    renderWithI18n(<OfferCard offer={feedOffer({ type: 'live', readingTime: 4 })} href="/x" onOpen={noop} />);
    expect(screen.getByText('Bring a friend for free')).toBeTruthy();
    expect(screen.queryByText(/minutes read/)).toBeNull();
  });

  it('is a link to href; a click opens the offer in the app instead of navigating', () => {
    const onOpen = vi.fn();
    const offer = feedOffer();
    renderWithI18n(<OfferCard offer={offer} href="/benefit/offer-1" onOpen={onOpen} />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/benefit/offer-1');

    const notPrevented = fireEvent.click(link);
    expect(notPrevented).toBe(false);
    expect(onOpen).toHaveBeenCalledWith(offer);
  });

  it('opens with the keyboard too', async () => {
    const onOpen = vi.fn();
    renderWithI18n(<OfferCard offer={feedOffer()} href="/benefit/offer-1" onOpen={onOpen} />);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('leaves modified clicks (new tab) to the browser', () => {
    const onOpen = vi.fn();
    // jsdom cannot open tabs; stop the browser's part after the card has had its say.
    const stopNavigation = (event: Event) => event.preventDefault();
    document.addEventListener('click', stopNavigation);
    onTestFinished(() => document.removeEventListener('click', stopNavigation));
    renderWithI18n(<OfferCard offer={feedOffer()} href="/benefit/offer-1" onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('link'), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link'), { metaKey: true });
    expect(onOpen).not.toHaveBeenCalled();
  });
});

describe('BillboardCard', () => {
  it('is a link with a level 2 heading and a large, eager image', () => {
    const onOpen = vi.fn();
    const offer = feedOffer({ type: 'editorial', readingTime: 2 });
    renderWithI18n(<BillboardCard offer={offer} href="/editorial/offer-1" onOpen={onOpen} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Two for one' })).toBeTruthy();
    expect(screen.getByText('2 minutes read')).toBeTruthy();
    expect(screen.getByAltText('A concert stage').getAttribute('loading')).toBe('eager');
    fireEvent.click(screen.getByRole('link'));
    expect(onOpen).toHaveBeenCalledWith(offer);
  });

  it("offers a phone's 800 px file in AVIF first, then WebP, at the billboard's sizes, as the HTML shell does (issue 41)", () => {
    const puffImage = imageOptions({
      jpeg: { medium: '/media/a-480.jpg', phone: '/media/a-800.jpg', large: '/media/a-1200.jpg' },
      webp: { medium: '/media/a-480.webp', phone: '/media/a-800.webp', large: '/media/a-1200.webp' },
      avif: { medium: '/media/a-480.avif', phone: '/media/a-800.avif', large: '/media/a-1200.avif' },
    });
    const { container } = renderWithI18n(<BillboardCard offer={feedOffer({ puffImage })} href="/benefit/offer-1" onOpen={noop} />);
    const sources = [...container.querySelectorAll('picture source')];
    expect(sources.map((source) => [source.getAttribute('type'), source.getAttribute('srcset'), source.getAttribute('sizes')])).toEqual([
      ['image/avif', '/media/a-480.avif 480w, /media/a-800.avif 800w, /media/a-1200.avif 1200w', billboardImageSizes],
      ['image/webp', '/media/a-480.webp 480w, /media/a-800.webp 800w, /media/a-1200.webp 1200w', billboardImageSizes],
    ]);
    const img = screen.getByAltText('A concert stage');
    expect(img.getAttribute('srcset')).toBe('/media/a-480.jpg 480w, /media/a-800.jpg 800w, /media/a-1200.jpg 1200w');
    expect(img.getAttribute('sizes')).toBe(billboardImageSizes);
  });
});
