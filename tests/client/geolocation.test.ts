import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPosition } from '../../src/services/geolocation.ts';

/*
 * The member's location for the restaurant list (spec 2.3): a prompt the member never answers
 * must not leave "Finding your location…" for ever (the browser's timeout starts only after the
 * answer), so the list falls back to alphabetical order after 10 s.
 */
const answering = (answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) =>
  ({ getCurrentPosition: (ok: PositionCallback, fail?: PositionErrorCallback | null) => answer(ok, fail!) }) as unknown as Geolocation;

afterEach(() => vi.useRealTimers());

describe('the member’s position', () => {
  it('gives the position the member allowed', async () => {
    const geolocation = answering((ok) => ok({ coords: { latitude: 59.32, longitude: 18.07 } } as GeolocationPosition));
    await expect(currentPosition(geolocation)).resolves.toEqual({ lat: 59.32, lng: 18.07 });
  });

  it('fails when the member refuses, and without geolocation', async () => {
    const geolocation = answering((_, fail) => fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError));
    await expect(currentPosition(geolocation)).rejects.toThrow('User denied Geolocation');
    await expect(currentPosition(undefined)).rejects.toThrow('no geolocation');
  });

  it('gives up after 10 s when the member never answers the prompt', async () => {
    vi.useFakeTimers();
    const asked = currentPosition(answering(() => {}));
    const outcome = vi.fn();
    asked.then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(asked).rejects.toThrow('no answer in 10000 ms');
  });
});
