import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import RichText from '../../../src/richText/RichText.tsx';
import { ratioPercent } from '../../../src/richText/media.ts';
import { rawToSlate } from '../../../src/richText/rawToSlate.ts';
import { appLinks, block, raw } from './rawFixtures.ts';

const image = (data: Record<string, unknown>) => ({ type: 'IMAGE', mutability: 'IMMUTABLE', data });
const atomic = (key = 0) => block({ type: 'atomic', text: ' ', entityRanges: [{ offset: 0, length: 1, key }] });

describe('ratio strings in rich content (spec 5)', () => {
  it('become a percentage: the height of the box in percent of its width', () => {
    const log = vi.fn();
    expect(ratioPercent('16/9', log)).toBe(56.25);
    expect(ratioPercent('4/3', log)).toBe(75);
    expect(ratioPercent(' 1 / 1 ', log)).toBe(100);
    expect(ratioPercent('3/2', log)).toBe(66.67);
    expect(log).not.toHaveBeenCalled();
  });

  it.each([['wide'], ['16:9'], ['16/0'], ['0/9'], ['-4/3'], ['1/2/3'], [''], [169], [null]])('an unparseable %o is 100, with a logged error', (ratio) => {
    const log = vi.fn();
    expect(ratioPercent(ratio, log)).toBe(100);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('ratio'), ratio);
  });

  it('size an image of an atomic block; without a ratio the image keeps its own shape', () => {
    const log = vi.fn();
    const value = rawToSlate(
      raw([atomic(0), atomic(1), atomic(2)], {
        0: image({ src: 'https://cdn.example/stage.jpg', alt: 'The stage', ratio: '16/9' }),
        1: image({ src: '/media/offers/01-large.jpg', ratio: 'square-ish' }),
        2: image({ src: '/media/offers/02-large.jpg' }),
      }),
      appLinks,
      log,
    );
    expect(value).toEqual([
      { type: 'media', src: 'https://cdn.example/stage.jpg', alt: 'The stage', ratioPercent: 56.25, children: [{ text: '' }] },
      { type: 'media', src: '/media/offers/01-large.jpg', alt: '', ratioPercent: 100, children: [{ text: '' }] },
      { type: 'media', src: '/media/offers/02-large.jpg', alt: '', ratioPercent: null, children: [{ text: '' }] },
    ]);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('load images over https or from the app only; anything else stays text', () => {
    const value = rawToSlate(
      raw([atomic(0), atomic(1)], { 0: image({ src: 'http://plain.example/a.jpg', ratio: '4/3' }), 1: image({ src: 'javascript:alert(1)' }) }),
      appLinks,
    );
    expect(value.map((element) => (element as { type: string }).type)).toEqual(['paragraph', 'paragraph']);
  });

  it('shows the image in a box of the ratio’s height', () => {
    const content = raw([block({ text: 'Before' }), atomic(0), block({ text: 'After' })], {
      0: image({ src: 'https://cdn.example/stage.jpg', alt: 'The stage', ratio: '4/3' }),
    });
    render(<RichText raw={content} links={appLinks} onNavigate={() => undefined} />);
    const img = screen.getByRole('img', { name: 'The stage' });
    expect(img.getAttribute('src')).toBe('https://cdn.example/stage.jpg');
    expect((img.parentElement as HTMLElement).style.paddingBottom).toBe('75%');
    expect(screen.getByText('Before')).toBeTruthy();
    expect(screen.getByText('After')).toBeTruthy();
  });
});
