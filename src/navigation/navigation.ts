import { createContext, useContext } from 'react';
import type { NavigatorRef } from '../appActor.ts';

export type { NavigatorRef };

/** The navigator actor for links and buttons deep in the screens. */
export const NavigatorContext = createContext<NavigatorRef | null>(null);

/** `navigate('/more/faq')` pushes a page, as a link tap in a native app would. */
export function useNavigate() {
  const navigator = useContext(NavigatorContext);
  return (path: string) => navigator?.send({ type: 'nav.push', path });
}
