import { useContext } from 'react';
import { NavigatorContext } from './navigation.ts';

/** Puts a query into the shown page's address (same page, same history entry). */
export function useSetPageSearch() {
  const navigator = useContext(NavigatorContext);
  return (search: string) => navigator?.send({ type: 'nav.setSearch', search });
}
