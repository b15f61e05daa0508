import { describe, expect, it } from 'vitest';
import { resolveLink } from '../../src/richText/links.ts';
import { embedUrl } from '../../src/screens/offer/offerLinks.ts';
import { clearAll, persistedStore, readThrough } from '../../src/services/persistedStore.ts';

describe('in-app links', () => {
  it('keep their #fragment', () => {
    expect(resolveLink('https://aurora.localhost/more/faq#opening-hours', { appHosts: ['aurora.localhost'], currentSection: null })).toEqual({
      href: '/more/faq#opening-hours',
      inApp: true,
    });
  });
});

describe('embeds', () => {
  it('load only embed pages of their service', () => {
    expect(embedUrl('youTube', 'https://www.youtube.com/embed/abc')).toBe('https://www.youtube-nocookie.com/embed/abc');
    expect(embedUrl('youTube', 'https://www.youtube.com/watch?v=abc')).toBeNull();
    expect(embedUrl('spotify', 'https://open.spotify.com/embed/album/1')).toBe('https://open.spotify.com/embed/album/1');
    expect(embedUrl('spotify', 'https://open.spotify.com/album/1')).toBeNull();
  });
});

describe('the offer caches at sign-out', () => {
  it('are not refilled by a load that was running when they were cleared', async () => {
    const store = persistedStore<string>({ key: 'klubb.cache.test', ttlMs: 10_000 });
    let finish: (value: string) => void = () => undefined;
    const loading = readThrough(store, () => new Promise<string>((resolve) => (finish = resolve)));
    clearAll('klubb.cache.');
    finish('old member data');
    expect(await loading).toBe('old member data');
    expect(store.read()).toBeUndefined();
  });
});
