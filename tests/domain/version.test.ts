import { describe, expect, it } from 'vitest';
import { isBelowVersion, mustUpdateContainer, parseVersion, readContainerVersion } from '../../domain/version.ts';

describe('container versions (spec 3: build number, dotted version)', () => {
  it('parses dotted versions into numbers and compares them part by part', () => {
    expect(parseVersion('5.23.3')).toEqual([5, 23, 3]);
    expect(isBelowVersion('2.9.9', '2.10.0')).toBe(true);
    expect(isBelowVersion('2.10.0', '2.9.0')).toBe(false);
    expect(isBelowVersion('2.0', '2.0.0')).toBe(false);
    expect(isBelowVersion('1.99', '2')).toBe(true);
  });

  it('reads the container answer as an object or JSON text', () => {
    expect(readContainerVersion({ build: 412, version: '5.23.3' })).toEqual({ build: 412, version: '5.23.3' });
    expect(readContainerVersion('{"build":"17","version":" 1.2 "}')).toEqual({ build: 17, version: '1.2' });
    for (const bad of [null, 'not json', '{}', { build: 1 }, { version: '1.0' }, { build: -1, version: '1.0' }, { build: 1.5, version: '1' }, { build: 1, version: 'v1.0' }, { build: 1, version: '' }]) {
      expect(readContainerVersion(bad)).toBeNull();
    }
  });

  it('forces an update only on a container below the minimum, never in a plain browser', () => {
    expect(mustUpdateContainer({ build: 0, version: '0.0.0' }, '2.0.0')).toBe(true);
    expect(mustUpdateContainer({ build: 200, version: '2.0.0' }, '2.0.0')).toBe(false);
    expect(mustUpdateContainer(null, '99.0.0')).toBe(false);
  });
});
