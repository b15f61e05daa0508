import { lazy, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

/**
 * React's `lazy`, with a way to load the module ahead of its first render (`preload`). A failed
 * load is tried again by the next caller.
 *
 * Loaded ahead, the component still suspends once on its first render (lazy() waits for any
 * promise, even a settled one): the render that switches to it commits the fallback, and React
 * draws the component in a retry it can slice between tasks, not in the update that switched.
 */
export function lazyWithPreload<P>(load: () => Promise<Module<P>>) {
  let loading: Promise<Module<P>> | null = null;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return { Component: lazy(preload), preload };
}
