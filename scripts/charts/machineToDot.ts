/**
 * A statechart as Graphviz DOT, read from xstate's own state nodes (`machine.root`): nested and
 * parallel states become boxes (clusters), transitions become arrows labelled with their event
 * and guard, invoked actors and transitions that stay in their state are listed in the state.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

type AnyTransition = AnyStateNode['always'] extends (infer T)[] | undefined ? T : never;

const font = 'Arial';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const quote = (id: string) => JSON.stringify(id);

/** A guard as written: its name, `not x`, `a and b`, or `inline guard` for a function. */
export function guardLabel(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  const combined = guard as { guards?: unknown[]; stateValue?: unknown; type?: unknown };
  // xstate's combinators are functions named not/and/or carrying the guards they combine.
  if (typeof guard === 'function' && Array.isArray(combined.guards)) {
    const parts = combined.guards.map((part) => guardLabel(part) ?? '?');
    if (guard.name === 'not') return `not ${parts[0]}`;
    return parts.join(guard.name === 'or' ? ' or ' : ' and ');
  }
  if (typeof guard === 'function' && guard.name === 'stateIn') return `in ${JSON.stringify(combined.stateValue)}`;
  if (typeof combined.type === 'string') return combined.type;
  return 'inline guard';
}

/** The event of a transition as a reader says it: `done: loadBrand`, `after 2000 ms`, `always`. */
export function eventLabel(stateNode: AnyStateNode, eventType: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) {
    const invoke = stateNode.invoke.find((definition) => definition.id === actor[2]);
    const name = invoke ? actorName(invoke) : actor[2];
    return `${actor[1]}: ${name}`;
  }
  const delayed = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (delayed) return /^\d+$/.test(delayed[1]!) ? `after ${delayed[1]} ms` : `after ${delayed[1]}`;
  if (eventType === '') return 'always';
  return eventType;
}

function actorName(invoke: AnyStateNode['invoke'][number]): string {
  if (typeof invoke.src === 'string') return invoke.src;
  // Inline logic has no name of its own; the invoke's id is the best the machine tells.
  return invoke.id;
}

interface Edge {
  from: string;
  to: string;
  label: string;
  ltail?: string;
  lhead?: string;
}

/** Every transition of a state node in definition order, `always` last, with its shown label. */
function transitionsOf(stateNode: AnyStateNode): { transition: AnyTransition; label: string }[] {
  const all: { transition: AnyTransition; label: string }[] = [];
  const byEvent: [string, AnyTransition[]][] = [...stateNode.transitions.entries()];
  if (stateNode.always?.length) byEvent.push(['', stateNode.always]);
  for (const [eventType, transitions] of byEvent) {
    const guarded = transitions.some((t) => t.guard !== undefined);
    for (const transition of transitions) {
      const guard = guardLabel(transition.guard) ?? (guarded ? 'else' : undefined);
      const event = eventLabel(stateNode, eventType);
      all.push({ transition, label: guard ? `${event} [${guard}]` : event });
    }
  }
  return all;
}

const isCluster = (stateNode: AnyStateNode) => stateNode.type === 'compound' || stateNode.type === 'parallel';
const clusterId = (stateNode: AnyStateNode) => `cluster_${stateNode.id}`;
/** The node edges leave from and arrive at for a cluster: its initial dot, or a hidden point for parallel states. */
const anchorId = (stateNode: AnyStateNode) => `${stateNode.id}#anchor`;
/** The "any state in X" node: transitions of X that target a state inside X start here. */
const anyId = (stateNode: AnyStateNode) => `${stateNode.id}#any`;

const isInside = (node: AnyStateNode, ancestor: AnyStateNode): boolean => {
  for (let current: AnyStateNode | undefined = node; current; current = current.parent) if (current === ancestor) return true;
  return false;
};

function stateTitle(stateNode: AnyStateNode): string {
  const marks = [
    stateNode.type === 'parallel' ? 'parallel' : undefined,
    stateNode.type === 'final' ? 'final' : undefined,
    stateNode.type === 'history' ? `${stateNode.history === 'deep' ? 'deep ' : ''}history` : undefined,
  ].filter(Boolean);
  return `<b>${escapeHtml(stateNode.key)}</b>${marks.length ? ` <i>(${marks.join(', ')})</i>` : ''}`;
}

/** Invokes, tags and transitions that stay in the state, as lines under the state's name. */
function detailLines(stateNode: AnyStateNode, internal: string[]): string[] {
  return [
    ...stateNode.invoke.map((invoke) => `invoke ${actorName(invoke)}`),
    ...stateNode.tags.map((tag) => `tag ${tag}`),
    ...internal,
  ];
}

function htmlLabel(title: string, lines: string[]): string {
  const details = lines.map((line) => `<br/><font point-size="10">${escapeHtml(line)}</font>`).join('');
  return `<${title}${details}>`;
}

export function machineToDot(machine: AnyStateMachine): string {
  const out: string[] = [];
  const edges: Edge[] = [];

  /** Where an arrow to `target` ends; it stops at the box's edge unless it starts inside that box. */
  const arrivalOf = (target: AnyStateNode, source: AnyStateNode): { node: string; lhead?: string } => {
    if (!isCluster(target)) return { node: target.id };
    return isInside(source, target) ? { node: anchorId(target) } : { node: anchorId(target), lhead: clusterId(target) };
  };

  const visit = (stateNode: AnyStateNode, indent: string, isRoot: boolean) => {
    const internal: string[] = [];
    for (const { transition, label } of transitionsOf(stateNode)) {
      const targets = transition.target ?? [];
      if (targets.length === 0) {
        internal.push(`on ${label}`);
        continue;
      }
      for (const target of targets) {
        const arrival = arrivalOf(target, stateNode);
        if (!isCluster(stateNode)) {
          edges.push({ from: stateNode.id, to: arrival.node, lhead: arrival.lhead, label });
        } else if (target === stateNode) {
          edges.push({ from: anchorId(stateNode), to: anchorId(stateNode), label });
        } else if (isInside(target, stateNode)) {
          edges.push({ from: anyId(stateNode), to: arrival.node, lhead: arrival.lhead, label });
        } else {
          edges.push({ from: anchorId(stateNode), ltail: clusterId(stateNode), to: arrival.node, lhead: arrival.lhead, label });
        }
      }
    }
    const targetsInside = edges.some((edge) => edge.from === anyId(stateNode));

    if (!isCluster(stateNode)) {
      const shape = stateNode.type === 'final' ? ', peripheries=2' : stateNode.type === 'history' ? ', shape=circle' : '';
      out.push(`${indent}${quote(stateNode.id)} [label=${htmlLabel(stateTitle(stateNode), detailLines(stateNode, internal))}${shape}];`);
      return;
    }

    const inner = isRoot ? indent : `${indent}  `;
    if (!isRoot) {
      out.push(`${indent}subgraph ${quote(clusterId(stateNode))} {`);
      out.push(`${inner}label=${htmlLabel(stateTitle(stateNode), detailLines(stateNode, internal))};`);
      out.push(`${inner}style=${stateNode.parent?.type === 'parallel' ? '"rounded,dashed"' : 'rounded'};`);
    } else {
      out.push(`${inner}label=${htmlLabel(`<b>${escapeHtml(machine.id)}</b>`, detailLines(stateNode, internal))};`);
    }
    if (stateNode.type === 'parallel') {
      out.push(`${inner}${quote(anchorId(stateNode))} [shape=point, style=invis, width=0.01];`);
    } else {
      out.push(`${inner}${quote(anchorId(stateNode))} [shape=point, width=0.15, label=""];`);
      for (const target of stateNode.initial.target) {
        const arrival = arrivalOf(target, stateNode);
        edges.push({ from: anchorId(stateNode), to: arrival.node, lhead: arrival.lhead, label: '' });
      }
    }
    if (targetsInside) {
      const scope = isRoot ? 'in any state' : `in any state of ${stateNode.key}`;
      out.push(`${inner}${quote(anyId(stateNode))} [label=${htmlLabel(`<i>${escapeHtml(scope)}</i>`, [])}, style="rounded,dashed"];`);
    }
    for (const child of Object.values(stateNode.states) as AnyStateNode[]) visit(child, inner, false);
    if (!isRoot) out.push(`${indent}}`);
  };

  out.push(`digraph ${quote(machine.id)} {`);
  out.push(`  graph [compound=true, rankdir=LR, labelloc=t, labeljust=l, fontname=${quote(font)}, nodesep=0.4, ranksep=0.6];`);
  out.push(`  node [shape=box, style=rounded, margin="0.15,0.06", fontname=${quote(font)}, fontsize=12];`);
  out.push(`  edge [fontname=${quote(font)}, fontsize=10];`);
  visit(machine.root, '  ', true);
  for (const edge of edges) {
    const attributes = [
      edge.label ? `label=${quote(edge.label)}` : undefined,
      edge.ltail ? `ltail=${quote(edge.ltail)}` : undefined,
      edge.lhead ? `lhead=${quote(edge.lhead)}` : undefined,
    ].filter(Boolean);
    out.push(`  ${quote(edge.from)} -> ${quote(edge.to)}${attributes.length ? ` [${attributes.join(', ')}]` : ''};`);
  }
  out.push('}');
  return `${out.join('\n')}\n`;
}
