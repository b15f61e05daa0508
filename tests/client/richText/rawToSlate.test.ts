import { describe, expect, it } from 'vitest';
import { createEditor, Editor, type Descendant } from 'slate';
import { rawToSlate, type LinkContext } from '../../../src/richText/rawToSlate.ts';
import { appLinks, block, linkedRaw, linkEntity, raw } from './rawFixtures.ts';

const convert = (input: unknown, links: LinkContext = appLinks) => rawToSlate(input, links);
const firstChildren = (value: Descendant[]) => (value[0] as { children: unknown[] }).children;
const linkIn = (value: Descendant[]) => firstChildren(value).find((node) => (node as { type?: string }).type === 'link');

/** What Slate's own normalisation would change; a valid value comes back untouched. */
function normalized(value: Descendant[]): Descendant[] {
  const editor = createEditor();
  editor.isInline = (element) => element.type === 'link';
  editor.children = structuredClone(value);
  Editor.normalize(editor, { force: true });
  return editor.children;
}

describe('inline styles', () => {
  it.each([
    ['BOLD', 'bold'],
    ['ITALIC', 'italic'],
    ['UNDERLINE', 'underline'],
    ['STRIKETHROUGH', 'strikethrough'],
    ['CODE', 'code'],
    ['HIGHLIGHT', 'highlight'],
  ])('%s becomes the %s mark', (style, mark) => {
    const value = convert(raw([block({ text: 'a big deal', inlineStyleRanges: [{ offset: 2, length: 3, style }] })]));
    expect(value).toEqual([
      { type: 'paragraph', children: [{ text: 'a ' }, { text: 'big', [mark]: true }, { text: ' deal' }] },
    ]);
  });

  it('splits overlapping ranges at every boundary', () => {
    const value = convert(
      raw([
        block({
          text: 'abcdefgh',
          inlineStyleRanges: [
            { offset: 0, length: 5, style: 'BOLD' },
            { offset: 3, length: 5, style: 'ITALIC' },
            { offset: 4, length: 1, style: 'HIGHLIGHT' },
          ],
        }),
      ]),
    );
    expect(firstChildren(value)).toEqual([
      { text: 'abc', bold: true },
      { text: 'd', bold: true, italic: true },
      { text: 'e', bold: true, italic: true, highlight: true },
      { text: 'fgh', italic: true },
    ]);
  });

  it('ignores unknown styles without splitting the text', () => {
    const value = convert(raw([block({ text: 'plain', inlineStyleRanges: [{ offset: 1, length: 2, style: 'SHOUT' }] })]));
    expect(firstChildren(value)).toEqual([{ text: 'plain' }]);
  });

  it('counts offsets in code points, so an emoji is one', () => {
    const value = convert(
      raw([block({ text: '👍🏽 great 🎉 day', inlineStyleRanges: [{ offset: 3, length: 5, style: 'BOLD' }, { offset: 9, length: 1, style: 'ITALIC' }] })]),
    );
    expect(firstChildren(value)).toEqual([
      { text: '👍🏽 ' },
      { text: 'great', bold: true },
      { text: ' ' },
      { text: '🎉', italic: true },
      { text: ' day' },
    ]);
  });
});

describe('blocks', () => {
  it.each([
    ['unstyled', { type: 'paragraph' }],
    ['blockquote', { type: 'blockquote' }],
    ['code-block', { type: 'code-block' }],
    ['header-one', { type: 'subhead', level: 1 }],
    ['header-two', { type: 'subhead', level: 2 }],
    ['header-three', { type: 'subhead', level: 3 }],
    ['header-four', { type: 'subhead', level: 4 }],
    ['header-five', { type: 'subhead', level: 5 }],
    ['header-six', { type: 'subhead', level: 6 }],
    ['atomic', { type: 'paragraph' }],
    ['something-new', { type: 'paragraph' }],
  ])('%s becomes %o', (type, element) => {
    expect(convert(raw([block({ type, text: 'Text' })]))).toEqual([{ ...element, children: [{ text: 'Text' }] }]);
  });

  it('gives an empty block an empty text child', () => {
    expect(convert(raw([block({ text: '' })]))).toEqual([{ type: 'paragraph', children: [{ text: '' }] }]);
  });

  it('groups list items into lists and nests them by depth', () => {
    const item = (type: string, text: string, depth = 0) => block({ type: `${type}-list-item`, text, depth });
    const value = convert(
      raw([
        item('unordered', 'one'),
        item('unordered', 'one.a', 1),
        item('unordered', 'one.a.i', 2),
        item('unordered', 'one.b', 1),
        item('unordered', 'two'),
        item('ordered', 'first'),
        block({ text: 'between' }),
        item('ordered', 'again'),
      ]),
    );
    const li = (text: string, ...lists: unknown[]) => ({
      type: 'list-item',
      children: [{ type: 'list-item-content', children: [{ text }] }, ...lists],
    });
    expect(value).toEqual([
      {
        type: 'bulleted-list',
        children: [
          li('one', { type: 'bulleted-list', children: [li('one.a', { type: 'bulleted-list', children: [li('one.a.i')] }), li('one.b')] }),
          li('two'),
        ],
      },
      { type: 'numbered-list', children: [li('first')] },
      { type: 'paragraph', children: [{ text: 'between' }] },
      { type: 'numbered-list', children: [li('again')] },
    ]);
    expect(normalized(value)).toEqual(value);
  });

  it('nests a depth jump one level and keeps its siblings together; switches kind at the same depth', () => {
    const value = convert(
      raw([
        block({ type: 'unordered-list-item', text: 'top' }),
        block({ type: 'unordered-list-item', text: 'deep', depth: 3 }),
        block({ type: 'unordered-list-item', text: 'deep too', depth: 3 }),
        block({ type: 'ordered-list-item', text: 'numbered', depth: 3 }),
      ]),
    );
    const nested = (value[0] as { children: { children: unknown[] }[] }).children[0]!.children;
    expect(nested.map((node) => (node as { type: string }).type)).toEqual(['list-item-content', 'bulleted-list', 'numbered-list']);
    expect((nested[1] as { children: unknown[] }).children).toHaveLength(2);
  });
});

describe('links', () => {
  it.each(['https://example.com/a', 'http://example.com/', 'mailto:club@example.com', 'tel:+46701234567', 'HTTPS://EXAMPLE.COM/x'])(
    'keeps %s as an external link',
    (url) => {
      expect(linkIn(convert(linkedRaw(url)))).toEqual({
        type: 'link',
        href: new URL(url).href,
        inApp: false,
        children: [{ text: 'here' }],
      });
    },
  );

  it('trims spaces around the URL', () => {
    expect(linkIn(convert(linkedRaw('  https://x  ')))).toMatchObject({ href: 'https://x/', inApp: false });
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '/relative/path',
    'example.com',
    '//evil.example/x',
    'http://',
    'https://exa mple.com',
    '',
    42,
    null,
  ])('renders %j as plain text with its marks kept', (url) => {
    const input = raw(
      [block({ text: 'a link!', inlineStyleRanges: [{ offset: 2, length: 4, style: 'BOLD' }], entityRanges: [{ offset: 0, length: 6, key: 0 }] })],
      { 0: linkEntity(url) },
    );
    expect(convert(input)).toEqual([{ type: 'paragraph', children: [{ text: 'a ' }, { text: 'link', bold: true }, { text: '!' }] }]);
  });

  it('keeps marks inside a link and surrounds it with text nodes as Slate requires', () => {
    const input = raw(
      [block({ text: 'see our site', inlineStyleRanges: [{ offset: 0, length: 8, style: 'ITALIC' }], entityRanges: [{ offset: 4, length: 8, key: '0' }] })],
      { 0: linkEntity('https://example.com') },
    );
    const value = convert(input);
    expect(firstChildren(value)).toEqual([
      { text: 'see ', italic: true },
      { type: 'link', href: 'https://example.com/', inApp: false, children: [{ text: 'our ', italic: true }, { text: 'site' }] },
      { text: '' },
    ]);
    expect(normalized(value)).toEqual(value);
  });

  it('puts an empty text between adjacent links, and ignores entities that are not links', () => {
    const input = raw(
      [block({ text: 'ab', entityRanges: [{ offset: 0, length: 1, key: 0 }, { offset: 1, length: 1, key: 1 }] }), block({ text: 'pic', entityRanges: [{ offset: 0, length: 3, key: 2 }] })],
      { 0: linkEntity('https://a.example'), 1: linkEntity('tel:123'), 2: { type: 'IMAGE', data: { src: 'https://a.example/x.jpg' } } },
    );
    const value = convert(input);
    expect(firstChildren(value).map((node) => ('text' in (node as object) ? (node as { text: string }).text : 'link'))).toEqual(['', 'link', '', 'link', '']);
    expect(value[1]).toEqual({ type: 'paragraph', children: [{ text: 'pic' }] });
    expect(normalized(value)).toEqual(value);
  });

  it('lets the first of two overlapping links win', () => {
    const input = raw([block({ text: 'abcd', entityRanges: [{ offset: 0, length: 3, key: 0 }, { offset: 2, length: 2, key: 1 }] })], {
      0: linkEntity('https://first.example'),
      1: linkEntity('https://second.example'),
    });
    const value = convert(input);
    expect(firstChildren(value)).toEqual([
      { text: '' },
      { type: 'link', href: 'https://first.example/', inApp: false, children: [{ text: 'abc' }] },
      { text: '' },
      { type: 'link', href: 'https://second.example/', inApp: false, children: [{ text: 'd' }] },
      { text: '' },
    ]);
    expect(normalized(value)).toEqual(value);
  });

  it('counts entity offsets in code points', () => {
    const input = raw([block({ text: '🎉🎉 go', entityRanges: [{ offset: 3, length: 2, key: 0 }] })], { 0: linkEntity('https://x.example') });
    expect(firstChildren(convert(input))).toEqual([
      { text: '🎉🎉 ' },
      { type: 'link', href: 'https://x.example/', inApp: false, children: [{ text: 'go' }] },
      { text: '' },
    ]);
  });

  it('reads data.href when there is no data.url', () => {
    const input = raw([block({ text: 'x', entityRanges: [{ offset: 0, length: 1, key: 0 }] })], { 0: { type: 'LINK', data: { href: 'https://h.example' } } });
    expect(linkIn(convert(input))).toMatchObject({ href: 'https://h.example/' });
  });
});

describe('in-app links', () => {
  const inApp = (url: string, links: LinkContext) => linkIn(convert(linkedRaw(url), links));
  const viewing = (currentSection: string | null): LinkContext => ({ appHosts: ['aurora.localhost'], currentSection });

  it.each([
    ['https://aurora.localhost/live/12', 'editorial', '/editorial/live/12'],
    ['https://aurora.localhost/live/12', 'live', '/live/12'],
    ['https://aurora.localhost/live/12', null, '/live/12'],
    ['http://aurora.localhost/benefit/aurora-benefit-003?from=mail', 'mixedFeed', '/mixedFeed/benefit/aurora-benefit-003?from=mail'],
    ['https://aurora.localhost/more/faq', 'editorial', '/more/faq'],
    ['https://aurora.localhost/editorial/live/12', 'benefit', '/editorial/live/12'],
    ['https://aurora.localhost/live', 'editorial', '/live'],
    ['https://aurora.localhost/', 'editorial', '/'],
    ['https://aurora.localhost//evil.example/x', 'editorial', '/evil.example/x'],
  ])('%s seen from %s opens %s', (url, section, path) => {
    expect(inApp(url, viewing(section))).toEqual({ type: 'link', href: path, inApp: true, children: [{ text: 'here' }] });
  });

  it('matches the host on any port and either web scheme', () => {
    expect(inApp('http://aurora.localhost:5173/live/1', viewing('editorial'))).toMatchObject({ href: '/editorial/live/1', inApp: true });
    expect(inApp('https://AURORA.localhost:8443/live/1', viewing(null))).toMatchObject({ href: '/live/1', inApp: true });
    expect(inApp('https://x.example/live/1', { appHosts: ['aurora.localhost:5173', 'x.example'], currentSection: null })).toMatchObject({ inApp: true });
  });

  it('keeps other hosts and non-web schemes external', () => {
    expect(inApp('https://borealis.localhost/live/1', viewing('editorial'))).toMatchObject({ href: 'https://borealis.localhost/live/1', inApp: false });
    expect(inApp('https://sub.aurora.localhost/live/1', viewing(null))).toMatchObject({ inApp: false });
    expect(inApp('mailto:someone@aurora.localhost', viewing(null))).toMatchObject({ inApp: false });
  });
});

describe('malformed input never throws', () => {
  const empty = [{ type: 'paragraph', children: [{ text: '' }] }];

  it.each([null, undefined, 42, 'text', [], {}, { blocks: null }, { blocks: 'x' }, { blocks: [] }])('%j gives one empty paragraph', (input) => {
    expect(convert(input)).toEqual(empty);
  });

  it('skips non-object blocks and reads wrong-typed fields as absent', () => {
    const value = convert({
      blocks: [null, 7, 'x', [], block({ text: 12, type: 5, depth: 'deep', inlineStyleRanges: 'bold', entityRanges: {} }), block({ text: 'ok' })],
      entityMap: 'nope',
    });
    expect(value).toEqual([
      { type: 'paragraph', children: [{ text: '' }] },
      { type: 'paragraph', children: [{ text: 'ok' }] },
    ]);
  });

  it('drops broken ranges and cuts ranges that run past the text', () => {
    const value = convert(
      raw([
        block({
          text: 'hello',
          inlineStyleRanges: [
            null,
            { offset: 3, length: 99, style: 'BOLD' },
            { offset: 10, length: 2, style: 'ITALIC' },
            { offset: -1, length: 3, style: 'CODE' },
            { offset: 1, length: 0, style: 'CODE' },
            { offset: 1.5, length: 1, style: 'CODE' },
            { offset: '1', length: 1, style: 'CODE' },
            { offset: 0, length: Number.NaN, style: 'CODE' },
            { offset: 0, length: 1, style: 42 },
          ],
          entityRanges: [{ offset: 0, length: 2, key: 'missing' }, { offset: 0, length: 2, key: '__proto__' }, { offset: 0, length: 2, key: { a: 1 } }, { offset: 0, length: 2 }],
        }),
      ]),
    );
    expect(value).toEqual([{ type: 'paragraph', children: [{ text: 'hel' }, { text: 'lo', bold: true }] }]);
  });

  it('survives broken entities and a broken link context', () => {
    const entityRanges = [0, 1, 2, 3].map((key) => ({ offset: 0, length: 1, key }));
    const input = raw([block({ text: 'x', entityRanges })], { 0: null, 1: { type: 'LINK' }, 2: { type: 'LINK', data: 'https://x' }, 3: { type: 7 } });
    expect(convert(input)).toEqual([{ type: 'paragraph', children: [{ text: 'x' }] }]);
    const broken = { appHosts: 'aurora.localhost', currentSection: 3 } as unknown as LinkContext;
    expect(linkIn(convert(linkedRaw('https://aurora.localhost/live/1'), broken))).toMatchObject({ href: 'https://aurora.localhost/live/1', inApp: false });
    expect(() => convert(linkedRaw('https://x.example'), undefined as unknown as LinkContext)).not.toThrow();
  });
});
