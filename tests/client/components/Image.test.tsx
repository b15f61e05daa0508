import { describe, expect, it, onTestFinished } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Image } from '../../../src/components/Image.tsx';
import { imageOptions } from './offerFixtures.ts';
import { renderWithI18n } from './renderWithI18n.tsx';

const frameOf = (img: HTMLElement) => img.closest('[data-state]') as HTMLElement;

describe('Image', () => {
  it('offers only the medium file for size medium', () => {
    const { container } = renderWithI18n(<Image image={imageOptions()} size="medium" />);
    const img = screen.getByRole('img', { name: 'A concert stage' });
    expect(img.getAttribute('srcset')).toBe('/media/a-480.jpg 480w');
    expect(img.getAttribute('src')).toBe('/media/a-480.jpg');
    const webp = container.querySelector('source[type="image/webp"]');
    expect(webp?.getAttribute('srcset')).toBe('/media/a-480.webp 480w');
  });

  it('offers both files with widths for size large', () => {
    const { container } = renderWithI18n(<Image image={imageOptions()} size="large" />);
    const img = screen.getByRole('img', { name: 'A concert stage' });
    expect(img.getAttribute('srcset')).toBe('/media/a-480.jpg 480w, /media/a-1200.jpg 1200w');
    expect(img.getAttribute('src')).toBe('/media/a-1200.jpg');
    const webp = container.querySelector('source[type="image/webp"]');
    expect(webp?.getAttribute('srcset')).toBe('/media/a-480.webp 480w, /media/a-1200.webp 1200w');
  });

  it('falls back to the other size when the wanted one is missing', () => {
    renderWithI18n(<Image image={imageOptions({ jpeg: { large: '/media/b.jpg' }, webp: {} })} size="medium" />);
    const img = screen.getByRole('img', { name: 'A concert stage' });
    expect(img.getAttribute('srcset')).toBe('/media/b.jpg 1200w');
  });

  it('says the image description is missing when there is none, in the member language', () => {
    renderWithI18n(<Image image={imageOptions({ imageDescription: undefined })} size="medium" />);
    expect(screen.getByAltText('Image description missing')).toBeTruthy();
  });

  it('keeps the 3:2 box unless asked for the own proportions of the image', () => {
    const image = imageOptions({ width: 1000, height: 1250 });
    const { rerender } = renderWithI18n(<Image image={image} size="large" />);
    expect(frameOf(screen.getByAltText('A concert stage')).style.aspectRatio).toBe('');
    rerender(<Image image={image} size="large" naturalRatio />);
    expect(frameOf(screen.getByAltText('A concert stage')).style.aspectRatio).toBe('1000 / 1250');
  });

  it('loads lazily unless eager', () => {
    const { rerender } = renderWithI18n(<Image image={imageOptions()} size="medium" />);
    expect(screen.getByAltText('A concert stage').getAttribute('loading')).toBe('lazy');
    rerender(<Image image={imageOptions()} size="medium" eager />);
    expect(screen.getByAltText('A concert stage').getAttribute('loading')).toBe('eager');
  });

  it('starts loading and shows loaded after the load event', () => {
    renderWithI18n(<Image image={imageOptions()} size="medium" />);
    const img = screen.getByAltText('A concert stage');
    expect(frameOf(img).dataset.state).toBe('loading');
    fireEvent.load(img);
    expect(frameOf(img).dataset.state).toBe('loaded');
  });

  it('shows the error state with a labelled broken-image icon after an error event', () => {
    renderWithI18n(<Image image={imageOptions()} size="medium" />);
    const img = screen.getByAltText('A concert stage');
    fireEvent.error(img);
    expect(frameOf(img).dataset.state).toBe('error');
    expect(screen.getByRole('img', { name: 'Image could not be loaded', hidden: true })).toBeTruthy();
  });

  it('is in the error state when there is no file at all', () => {
    const { container } = renderWithI18n(<Image image={imageOptions({ jpeg: {}, webp: {} })} size="large" />);
    expect(container.querySelector('img')).toBeNull();
    expect((container.firstElementChild as HTMLElement).dataset.state).toBe('error');
  });

  it('shows a cached image that finished before mount as loaded', () => {
    fakeImageStatus({ complete: true, naturalWidth: 480 });
    renderWithI18n(<Image image={imageOptions()} size="medium" />);
    expect(frameOf(screen.getByAltText('A concert stage')).dataset.state).toBe('loaded');
  });

  it('shows a broken image that failed before mount as an error', () => {
    fakeImageStatus({ complete: true, naturalWidth: 0 });
    renderWithI18n(<Image image={imageOptions()} size="medium" />);
    expect(frameOf(screen.getByAltText('A concert stage')).dataset.state).toBe('error');
  });
});

// jsdom never loads images, so an already finished request is simulated on the prototype.
function fakeImageStatus(status: { complete: boolean; naturalWidth: number }) {
  const proto = HTMLImageElement.prototype;
  const saved = (['complete', 'naturalWidth'] as const).map(
    (key) => [key, Object.getOwnPropertyDescriptor(proto, key)] as const,
  );
  Object.defineProperty(proto, 'complete', { configurable: true, get: () => status.complete });
  Object.defineProperty(proto, 'naturalWidth', { configurable: true, get: () => status.naturalWidth });
  onTestFinished(() => {
    for (const [key, descriptor] of saved) if (descriptor) Object.defineProperty(proto, key, descriptor);
  });
}
