import { describe, expect, it } from 'vitest';
import { telHref, webHref } from '../../src/components/externalLink.ts';

describe('outside links', () => {
  it('opens web pages and the app origin’s own paths, nothing else', () => {
    expect(webHref('https://chat.aurora.test/x')).toBe('https://chat.aurora.test/x');
    expect(webHref('/media/brand/aurora/terms.html')).toBe('/media/brand/aurora/terms.html');
    expect(webHref('//evil.test/x')).toBeNull();
    expect(webHref('/\\evil.test/x')).toBeNull();
    expect(webHref('javascript:alert(1)')).toBeNull();
    expect(webHref('data:text/html,hi')).toBeNull();
    expect(webHref(null)).toBeNull();
    expect(webHref('')).toBeNull();
  });

  it('dials a phone number as written with its country code', () => {
    expect(telHref('+46 8 555 010 00')).toBe('tel:+46855501000');
    expect(telHref('+47 22 55 50 10')).toBe('tel:+4722555010');
    expect(telHref('08-555 010 00')).toBe('tel:0855501000');
    expect(telHref('')).toBeNull();
  });
});
