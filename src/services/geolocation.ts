import type { LatLng } from '../domain/distance.ts';

/** How long the device may take to answer before the list is sorted by name instead. */
const timeoutMs = 10_000;

/**
 * Where the member is, if they allow it (the browser asks them): rejects when they refuse,
 * the device cannot tell or takes too long, or the browser has no geolocation.
 */
export function currentPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!geolocation) return reject(new Error('This browser has no geolocation'));
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      (error) => reject(new Error(`Geolocation failed: ${error.message || error.code}`)),
      // A position from the last 10 minutes is good enough to sort restaurants by.
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 10 * 60_000 },
    );
  });
}
