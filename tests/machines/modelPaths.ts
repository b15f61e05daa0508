/** The parts of a createTestModel path this helper reads. */
interface ModelPath {
  steps: { state: { value: unknown }; event: { type: string } }[];
  state: { value: unknown };
}

/**
 * One test path per transition of a model: of the given paths' prefixes, the shortest that
 * ends by taking each transition, so every transition is tested once.
 */
export function pathPerTransition<P extends ModelPath>(paths: P[]): P[] {
  const byTransition = new Map<string, P>();
  for (const path of paths) {
    for (let i = 0; i < path.steps.length; i++) {
      const before = i === 0 ? 'start' : String(path.steps[i - 1]!.state.value);
      const key = `${before}|${path.steps[i]!.event.type}`;
      const prefix = { ...path, steps: path.steps.slice(0, i + 1), state: path.steps[i]!.state };
      if ((byTransition.get(key)?.steps.length ?? Infinity) > prefix.steps.length) byTransition.set(key, prefix);
    }
  }
  return [...byTransition.values()];
}

/**
 * The states of a test model explored from a start "world": every world reachable through
 * `next` becomes a state named by `name`, with a transition per event that applies.
 */
export function exploreWorlds<W>(
  start: W,
  events: string[],
  next: (world: W, event: string) => W | null,
  name: (world: W) => string,
): Record<string, { on: Record<string, string> }> {
  const states: Record<string, { on: Record<string, string> }> = {};
  for (const queue = [start]; queue.length > 0; ) {
    const world = queue.shift()!;
    if (states[name(world)]) continue;
    states[name(world)] = { on: {} };
    for (const event of events) {
      const to = next(world, event);
      if (to) {
        states[name(world)]!.on[event] = name(to);
        queue.push(to);
      }
    }
  }
  return states;
}

/**
 * The paths that are no prefix of another: a test walks and checks every state on its way, so a
 * path's prefixes add nothing. Keeps each transition of `pathPerTransition` tested, in fewer tests.
 */
export function withoutPrefixes<P extends ModelPath>(paths: P[]): P[] {
  const keyOf = (path: P) => path.steps.map((step) => step.event.type).join('\u0000');
  const keys = paths.map(keyOf);
  return paths.filter((_, i) => !keys.some((other, j) => j !== i && other.length > keys[i]!.length && other.startsWith(`${keys[i]}\u0000`)));
}
