import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandContentCacheTtlMs, cachedBrandContent } from '../../src/services/brandContentCache.ts';
import { cacheKeyPrefix, clearAll } from '../../src/services/persistedStore.ts';
import { getBrandContent } from '../../src/api/brandContent.ts';
import { readOnlyApi } from './routeHarness.tsx';
import { brandContent } from './brandContentFixtures.ts';

describe('brand content cache', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => void vi.useRealTimers());

  it('serves the texts without asking again until they expire', async () => {
    const load = vi.fn(async () => brandContent());
    await cachedBrandContent('en', load);
    expect(await cachedBrandContent('en', load)).toEqual(brandContent());
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(brandContentCacheTtlMs);
    await cachedBrandContent('en', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("never serves one language's texts in another", async () => {
    await cachedBrandContent('en', async () => brandContent());
    const swedish = await cachedBrandContent('sv', async () => brandContent({ language: 'sv' }));
    expect(swedish.faq[0]!.question).toBe('Vad kostar medlemskapet?');
    expect((await cachedBrandContent('en', async () => brandContent({ language: 'sv' }))).faq[0]!.question).toBe('What does membership cost?');
  });

  it('is forgotten with the other caches at sign-out', async () => {
    const load = vi.fn(async () => brandContent());
    await cachedBrandContent('en', load);
    clearAll(cacheKeyPrefix);
    await cachedBrandContent('en', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks GET /v1/get/brand/content with the app URL, as the brand call does', async () => {
    const asked: unknown[] = [];
    const { api } = readOnlyApi(async () => brandContent());
    const get = api.get;
    api.get = (path, query) => (asked.push({ path, query }), get(path, query));
    await getBrandContent(api);
    expect(asked).toEqual([{ path: '/v1/get/brand/content', query: { appUrl: 'http://localhost' } }]);
  });
});

describe('brand content from an API on another origin', () => {
  it('points the terms and privacy pages at the API’s media, leaving outside pages alone', async () => {
    const { api } = readOnlyApi(async () => ({
      ...brandContent(),
      terms: { label: 'Terms', url: '/media/brand/aurora/terms.html' },
    }));
    const elsewhere = { ...api, baseUrl: 'https://api.klubb.test' };
    const content = await getBrandContent(elsewhere);
    expect(content.terms.url).toBe('https://api.klubb.test/media/brand/aurora/terms.html');
    expect(content.gdpr.url).toBe('https://aurora.test/privacy');
  });
});
