import type { LinkContext } from '../../../src/richText/rawToSlate.ts';

export interface BlockInput {
  text?: unknown;
  type?: unknown;
  depth?: unknown;
  inlineStyleRanges?: unknown;
  entityRanges?: unknown;
}

let keyCount = 0;

/** A draft block with the usual empty fields filled in. */
export function block(input: BlockInput = {}) {
  return {
    key: `k${keyCount++}`,
    text: '',
    type: 'unstyled',
    depth: 0,
    inlineStyleRanges: [],
    entityRanges: [],
    data: {},
    ...input,
  };
}

export function raw(blocks: unknown[], entityMap: Record<string, unknown> = {}) {
  return { blocks, entityMap };
}

export const linkEntity = (url: unknown) => ({ type: 'LINK', mutability: 'MUTABLE', data: { url } });

/** One block whose whole text links to `url`. */
export function linkedRaw(url: unknown, text = 'here') {
  return raw(
    [block({ text, entityRanges: [{ offset: 0, length: Array.from(text).length, key: 0 }] })],
    { 0: linkEntity(url) },
  );
}

export const appLinks: LinkContext = { appHosts: ['aurora.localhost'], currentSection: null };
