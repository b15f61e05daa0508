import type { Random } from './prng.ts';

/** Inline styles the app renders; HIGHLIGHT is the product's custom style. */
export type InlineStyle = 'BOLD' | 'ITALIC' | 'UNDERLINE' | 'STRIKETHROUGH' | 'CODE' | 'HIGHLIGHT';

export type BlockType =
  | 'unstyled'
  | 'header-two'
  | 'blockquote'
  | 'code-block'
  | 'unordered-list-item'
  | 'ordered-list-item';

/** A run of text: plain, or styled and/or linked; groups nest, so ranges may overlap. */
export type Segment = string | { text: string; styles?: InlineStyle[]; href?: string } | { group: Segment[]; styles: InlineStyle[] };

export interface RawBlock {
  key: string;
  text: string;
  type: BlockType;
  depth: number;
  inlineStyleRanges: { offset: number; length: number; style: InlineStyle }[];
  entityRanges: { offset: number; length: number; key: number }[];
  data: Record<string, never>;
}

export interface RawEntity {
  type: 'LINK';
  mutability: 'MUTABLE';
  data: { url: string };
}

export interface EditorStateRaw {
  blocks: RawBlock[];
  entityMap: Record<string, RawEntity>;
}

export interface BlockSpec {
  type: BlockType;
  segments: Segment[];
  depth?: number;
}

/** Offsets and lengths count Unicode code points, as the raw format requires. */
const codePoints = (text: string) => Array.from(text).length;

const KEY_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Builds a raw content state; block keys come from the PRNG so they are stable. */
export function buildRaw(random: Random, specs: BlockSpec[]): EditorStateRaw {
  const entityMap: Record<string, RawEntity> = {};
  const usedKeys = new Set<string>();
  let entityCount = 0;
  const blockKey = () => {
    let key = '';
    while (key === '' || usedKeys.has(key)) key = Array.from({ length: 5 }, () => random.pick([...KEY_CHARS])).join('');
    usedKeys.add(key);
    return key;
  };
  const blocks = specs.map((spec): RawBlock => {
    const block: RawBlock = {
      key: blockKey(),
      text: '',
      type: spec.type,
      depth: spec.depth ?? 0,
      inlineStyleRanges: [],
      entityRanges: [],
      data: {},
    };
    let offset = 0;
    const walk = (segments: Segment[]) => {
      for (const segment of segments) {
        if (typeof segment === 'string') {
          block.text += segment;
          offset += codePoints(segment);
        } else if ('group' in segment) {
          const start = offset;
          walk(segment.group);
          for (const style of segment.styles) block.inlineStyleRanges.push({ offset: start, length: offset - start, style });
        } else {
          const length = codePoints(segment.text);
          for (const style of segment.styles ?? []) block.inlineStyleRanges.push({ offset, length, style });
          if (segment.href) {
            const key = entityCount++;
            entityMap[String(key)] = { type: 'LINK', mutability: 'MUTABLE', data: { url: segment.href } };
            block.entityRanges.push({ offset, length, key });
          }
          block.text += segment.text;
          offset += length;
        }
      }
    };
    walk(spec.segments);
    return block;
  });
  return { blocks, entityMap };
}

export const p = (...segments: Segment[]): BlockSpec => ({ type: 'unstyled', segments });
export const h2 = (text: string): BlockSpec => ({ type: 'header-two', segments: [text] });
export const quote = (...segments: Segment[]): BlockSpec => ({ type: 'blockquote', segments });
export const code = (text: string): BlockSpec => ({ type: 'code-block', segments: [text] });
export const ul = (items: Segment[][], depth = 0): BlockSpec[] =>
  items.map((segments) => ({ type: 'unordered-list-item', segments, depth }));
export const ol = (items: Segment[][], depth = 0): BlockSpec[] =>
  items.map((segments) => ({ type: 'ordered-list-item', segments, depth }));
export const styled = (text: string, ...styles: InlineStyle[]): Segment => ({ text, styles });
export const link = (text: string, href: string, ...styles: InlineStyle[]): Segment => ({ text, href, styles });
export const group = (styles: InlineStyle[], ...segments: Segment[]): Segment => ({ group: segments, styles });
