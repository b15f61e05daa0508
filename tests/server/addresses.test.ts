import { describe, expect, it } from 'vitest';
import { addressKey } from '../../server/addresses.ts';

/** Issue 40: every per-address limit counts an IPv6 client for its /64. */
describe('addressKey', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as its IPv4 one', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::FFFF:c000:0207')).toBe('192.0.2.7');
  });

  it('gives every address of one /64 the same key, whatever its spelling', () => {
    const keys = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2:a::1.2.3.4', 'fe80::1%eth0'].map(addressKey);
    expect(keys.slice(0, 4)).toEqual(Array(4).fill('2001:db8:1:2::/64'));
    expect(keys[4]).toBe('fe80:0:0:0::/64');
  });

  it('gives neighbouring /64s different keys', () => {
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(new Set(['2001:db8:1:2::1', '2001:db8:1:3::1', '2001:db8:2:2::1'].map(addressKey)).size).toBe(3);
  });

  it('is idempotent and leaves what is no address alone', () => {
    for (const address of ['192.0.2.7', '2001:db8:1:2::1', '::1']) expect(addressKey(addressKey(address))).toBe(addressKey(address));
    expect(addressKey('')).toBe('');
    expect(addressKey('not-an-address')).toBe('not-an-address');
  });
});
