import type { Descendant } from 'slate';
import { buildBlocks } from './blocks.ts';
import { inlineContent } from './leaves.ts';
import { mediaOf, type RatioLog } from './media.ts';
import { isRecord, type UnknownRecord } from './record.ts';
import type { LinkContext } from './types.ts';

export type { LinkContext } from './types.ts';

/**
 * The draft-style raw content state (PROTOCOLS.md) as a Slate value. The input comes from the
 * database, so anything malformed is skipped or kept as plain text; it never throws.
 */
export function rawToSlate(raw: unknown, links: LinkContext, log?: RatioLog): Descendant[] {
  const context: LinkContext = {
    appHosts: Array.isArray(links?.appHosts) ? links.appHosts : [],
    currentSection: typeof links?.currentSection === 'string' ? links.currentSection : null,
  };
  const blocks = isRecord(raw) && Array.isArray(raw.blocks) ? raw.blocks.filter(isRecord) : [];
  const entityMap = isRecord(raw) && typeof raw.entityMap === 'object' && raw.entityMap !== null
    ? (raw.entityMap as UnknownRecord)
    : {};
  const value = buildBlocks(
    blocks,
    (block) => inlineContent(block, entityMap, context),
    (block) => mediaOf(block, entityMap, log),
  );
  return value.length > 0 ? value : [{ type: 'paragraph', children: [{ text: '' }] }];
}
