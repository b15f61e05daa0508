import type { LatLng } from '../../domain/distance.ts';

/** How long the member and the device may take to answer before the list is sorted by name instead. */
const timeoutMs = 10_000;

/**
 * Where the member is, if they allow it (the browser asks them): rejects when they refuse,
 * the device cannot tell or takes too long, or the browser has no geolocation. The browser's own
 * timeout starts only once the member answers its prompt, so an ignored prompt would wait for
 * ever: our timer runs from the asking.
 */
export function currentPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation, waitMs = timeoutMs): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!geolocation) return reject(new Error('This browser has no geolocation'));
    const timer = setTimeout(() => reject(new Error(`Geolocation gave no answer in ${waitMs} ms`)), waitMs);
    geolocation.getCurrentPosition(
      ({ coords }) => {
        clearTimeout(timer);
        resolve({ lat: coords.latitude, lng: coords.longitude });
      },
      (error) => {
        clearTimeout(timer);
        reject(new Error(`Geolocation failed: ${error.message || error.code}`));
      },
      // A position from the last 10 minutes is good enough to sort restaurants by.
      { enableHighAccuracy: false, timeout: waitMs, maximumAge: 10 * 60_000 },
    );
  });
}
