import { useEffect, useRef } from 'react';

/**
 * Keeps an app-long machine in line with the page's address: when the address names another
 * value than the machine shows (a reload, back to the page, a shared link), the machine is told.
 * The member's own changes go to the address first, so they arrive here already shown.
 */
export function useAddressValue<T>(inAddress: T, shown: T, show: (value: T) => void): void {
  const latest = useRef({ shown, show });
  latest.current = { shown, show };
  useEffect(() => {
    if (!Object.is(inAddress, latest.current.shown)) latest.current.show(inAddress);
  }, [inAddress]);
}
