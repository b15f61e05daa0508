import type { InspectionEvent, Observer } from 'xstate';

/**
 * `VITE_INSPECT=true npm run dev`: the root actor (and so every actor it invokes or spawns)
 * reports to Stately's browser inspector, which opens in a new window. Development only: start.tsx
 * imports this module behind `import.meta.env.DEV`, so a production build never contains it.
 */
export async function createDevInspector(): Promise<Observer<InspectionEvent>> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
