/**
 * Stripe's request bodies are form-encoded with bracketed keys, as the SDK writes them:
 * `line_items[0][price_data][currency]=sek&metadata[checkoutId]=…`. This reads them back into
 * nested objects and arrays (indexes become array positions).
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = keyPath(key);
    if (!path) continue;
    let node: Record<string, FormValue> | FormValue[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string, FormValue>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]!);
      const existing = container[part];
      if (typeof existing !== 'object' || existing === null) container[part] = nextIsIndex ? [] : {};
      node = container[part] as Record<string, FormValue>;
    });
  }
  return root;
}

/** `a[b][0][c]` → ['a', 'b', '0', 'c']; null for a key that is not well formed. */
function keyPath(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const parts = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
  // Prototype keys never become properties.
  return parts.some((p) => p === '' || p === '__proto__' || p === 'constructor' || p === 'prototype') ? null : parts;
}
