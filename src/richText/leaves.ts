import { resolveLink, type ResolvedLink } from './links.ts';
import { isRecord, ownValue, type UnknownRecord } from './record.ts';
import type { InlineNode, LinkContext, MarkName, RichLeaf } from './types.ts';

const markByStyle: Record<string, MarkName> = {
  BOLD: 'bold',
  ITALIC: 'italic',
  UNDERLINE: 'underline',
  STRIKETHROUGH: 'strikethrough',
  CODE: 'code',
  HIGHLIGHT: 'highlight',
};

interface Span<T> {
  start: number;
  end: number;
  value: T;
}

/** A block's text as leaves split at every range boundary, with links as inline elements. */
export function inlineContent(block: UnknownRecord, entityMap: UnknownRecord, links: LinkContext): InlineNode[] {
  // Offsets count code points, so index by code point rather than UTF-16 unit.
  const chars = Array.from(typeof block.text === 'string' ? block.text : '');
  const marks = spans(block.inlineStyleRanges, chars.length, (range) => {
    const style = range.style;
    return typeof style === 'string' ? ownValue(markByStyle, style.toUpperCase()) as MarkName | undefined : undefined;
  });
  const linkSpans = spans(block.entityRanges, chars.length, (range) => linkOf(range.key, entityMap, links));

  const cuts = new Set([0, chars.length]);
  for (const span of [...marks, ...linkSpans]) cuts.add(span.start).add(span.end);
  const points = [...cuts].sort((a, b) => a - b);

  const nodes: InlineNode[] = [];
  let openLink: { span: Span<ResolvedLink>; leaves: RichLeaf[] } | null = null;
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    const leaf: RichLeaf = { text: chars.slice(start, end).join('') };
    for (const mark of marks) if (mark.start <= start && end <= mark.end) leaf[mark.value] = true;
    // Overlapping entity ranges: the first one listed wins, so links never nest.
    const link = linkSpans.find((span) => span.start <= start && end <= span.end) ?? null;
    if (openLink && openLink.span !== link) openLink = null;
    if (!link) {
      nodes.push(leaf);
    } else if (openLink) {
      openLink.leaves.push(leaf);
    } else {
      openLink = { span: link, leaves: [leaf] };
      nodes.push({ type: 'link', href: link.value.href, inApp: link.value.inApp, children: openLink.leaves });
    }
  }
  return normalizeInlines(nodes);
}

function spans<T>(ranges: unknown, length: number, valueOf: (range: UnknownRecord) => T | null | undefined): Span<T>[] {
  if (!Array.isArray(ranges)) return [];
  const result: Span<T>[] = [];
  for (const range of ranges) {
    if (!isRecord(range)) continue;
    const { offset: start, length: rangeLength } = range;
    if (!isCount(start) || !isCount(rangeLength)) continue;
    // A range running past the text is cut at its end; one starting past it is dropped.
    const end = Math.min(length, start + rangeLength);
    if (start >= end) continue;
    const value = valueOf(range);
    if (value != null) result.push({ start, end, value });
  }
  return result;
}

function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function linkOf(key: unknown, entityMap: UnknownRecord, links: LinkContext): ResolvedLink | null {
  if (typeof key !== 'string' && typeof key !== 'number') return null;
  const entity = ownValue(entityMap, String(key));
  if (!isRecord(entity) || typeof entity.type !== 'string' || entity.type.toUpperCase() !== 'LINK') return null;
  if (!isRecord(entity.data)) return null;
  return resolveLink(entity.data.url ?? entity.data.href, links);
}

/** Slate's own invariants: matching neighbours merged, and a text node on each side of a link. */
function normalizeInlines(nodes: InlineNode[]): InlineNode[] {
  const result: InlineNode[] = [];
  for (const node of nodes) {
    const previous = result.at(-1);
    if ('text' in node) {
      if (previous && 'text' in previous && sameMarks(previous, node)) {
        result[result.length - 1] = { ...previous, text: previous.text + node.text };
      } else {
        result.push(node);
      }
    } else {
      if (!previous || !('text' in previous)) result.push({ text: '' });
      result.push({ ...node, children: normalizeInlines(node.children) as RichLeaf[] });
    }
  }
  const last = result.at(-1);
  if (!last || !('text' in last)) result.push({ text: '' });
  return result;
}

function sameMarks(a: RichLeaf, b: RichLeaf): boolean {
  const names = Object.values(markByStyle);
  return names.every((name) => a[name] === b[name]);
}
