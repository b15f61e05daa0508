import { createContext, useContext, type RefObject } from 'react';

export interface PageContextValue {
  /** The page's own scroll container (pages scroll inside their section, not the window). */
  scrollRoot: RefObject<HTMLElement | null>;
  /** Whether the member sees this page now (top of the active stack). */
  visible: boolean;
}

export const PageContext = createContext<PageContextValue>({ scrollRoot: { current: null }, visible: true });

export const usePage = () => useContext(PageContext);
