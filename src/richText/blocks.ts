import { ownValue, type UnknownRecord } from './record.ts';
import type { InlineNode, ListElement, ListItemElement, MediaElement, RichElement, TextBlockElement } from './types.ts';

const headingLevels: Record<string, number> = {
  'header-one': 1,
  'header-two': 2,
  'header-three': 3,
  'header-four': 4,
  'header-five': 5,
  'header-six': 6,
};

const listTypes: Record<string, ListElement['type']> = {
  'unordered-list-item': 'bulleted-list',
  'ordered-list-item': 'numbered-list',
};

interface OpenList {
  depth: number;
  list: ListElement;
}

/** Draft blocks to Slate blocks; runs of list items become nested lists by `depth`; atomic images become media. */
export function buildBlocks(
  blocks: UnknownRecord[],
  inlinesOf: (block: UnknownRecord) => InlineNode[],
  mediaOf: (block: UnknownRecord) => MediaElement | null = () => null,
): RichElement[] {
  const result: RichElement[] = [];
  const open: OpenList[] = [];
  for (const block of blocks) {
    const media = mediaOf(block);
    if (media) {
      open.length = 0;
      result.push(media);
      continue;
    }
    const type = typeof block.type === 'string' ? block.type : 'unstyled';
    const children = inlinesOf(block);
    const listType = ownValue(listTypes, type) as ListElement['type'] | undefined;
    if (!listType) {
      open.length = 0;
      result.push(textBlock(type, children));
      continue;
    }
    const item: ListItemElement = { type: 'list-item', children: [{ type: 'list-item-content', children }] };
    const depth = Number.isSafeInteger(block.depth) && (block.depth as number) > 0 ? (block.depth as number) : 0;
    while (open.length > 0 && open.at(-1)!.depth > depth) open.pop();
    // Same depth but the other kind of list: that list ends and a new one starts in its place.
    if (open.length > 0 && open.at(-1)!.depth === depth && open.at(-1)!.list.type !== listType) open.pop();
    const parent = open.at(-1);
    if (parent && parent.depth === depth) {
      parent.list.children.push(item);
      continue;
    }
    const list: ListElement = { type: listType, children: [item] };
    if (parent) parent.list.children.at(-1)!.children.push(list);
    else result.push(list);
    // A jump of several levels nests one level deeper, and its siblings follow it there.
    open.push({ depth, list });
  }
  return result;
}

function textBlock(type: string, children: InlineNode[]): TextBlockElement {
  if (type === 'blockquote') return { type: 'blockquote', children };
  if (type === 'code-block') return { type: 'code-block', children };
  const level = ownValue(headingLevels, type);
  if (typeof level === 'number') return { type: 'subhead', level, children };
  return { type: 'paragraph', children };
}
