import { useContext, useMemo, type ComponentType, type JSX } from 'react';
import { AppActor, WiringContext } from '../appActor.ts';
import type { AppRef } from '../appActor.ts';
import type { Services } from '../services/services.ts';

/**
 * What a screen's wiring module may use: the services the composition root made, and the
 * app actor (for screens that tell the app something, e.g. the profile's saved user).
 */
export interface WiringDeps extends Services {
  app: AppRef;
}

function useWiringDeps(): WiringDeps {
  const services = useContext(WiringContext);
  if (!services) throw new Error('WiringContext is missing: render inside the composition root');
  const app = AppActor.useActorRef();
  return useMemo(() => ({ ...services, app }), [services, app]);
}

/**
 * A wiring module's default shape: from the dependencies (and what the route adds, e.g. how
 * to go back to sign-in) to the props the view gets: its machine with real actors, and any
 * value the view shows that comes from a service.
 */
export type Wire<W extends object, R extends object = object> = (deps: WiringDeps & R) => W;

/** The props a wired view still takes from its route: its own, less the wired ones. */
export type RouteProps<Props, W> = Omit<Props, keyof W>;

/**
 * Joins a view and its wiring: the view gets the wired props besides what the route gives.
 * The wiring runs once per mounted screen (the view creates its actor from the wired logic).
 */
export function wired<Props extends W, W extends object, R extends object = object>(
  View: ComponentType<Props>,
  wire: Wire<W, R>,
  routeDeps?: R,
): (props: RouteProps<Props, W>) => JSX.Element {
  function Wired(props: RouteProps<Props, W>) {
    const deps = useWiringDeps();
    const wiredProps = useMemo(() => wire({ ...deps, ...(routeDeps as R) }), [deps]);
    const all = { ...props, ...wiredProps } as Props & JSX.IntrinsicAttributes;
    return <View {...all} />;
  }
  Wired.displayName = `Wired(${View.displayName ?? View.name})`;
  return Wired;
}
