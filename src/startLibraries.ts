/**
 * The libraries the app's start uses, evaluated by the entry (src/main.tsx) in a task before the
 * app's own modules: one evaluation of both was the longest task of a slow phone's first load.
 * Re-exported, so that the bundler keeps them and runs their code here (React is CommonJS:
 * it runs where it is first required).
 */
export { createRoot } from 'react-dom/client';
export { createActor } from 'xstate';
export { createActorContext } from '@xstate/react';
export { I18nProvider } from '@lingui/react';
