import { useCallback, useMemo } from 'react';
import { createEditor } from 'slate';
import { Editable, Slate, withReact, type RenderElementProps, type RenderLeafProps } from 'slate-react';
import { onPlainClick } from '../components/linkClick.ts';
import { rawToSlate } from './rawToSlate.ts';
import type { LinkContext } from './types.ts';
import * as styles from './richText.css.ts';

export interface RichTextProps {
  /** `editorStateRaw` of a rich-text content block. */
  raw: unknown;
  links: LinkContext;
  /** A plain click on an in-app link; the browser's navigation is prevented. */
  onNavigate: (path: string) => void;
}

/** Read-only rich content: the raw state converted once and shown by Slate, never edited. */
export default function RichText({ raw, links, onNavigate }: RichTextProps) {
  const hostsKey = links.appHosts.join('\n');
  // Hosts by content: callers often pass a fresh array with the same hosts.
  const value = useMemo(() => rawToSlate(raw, links), [raw, hostsKey, links.currentSection]);
  // Slate reads initialValue only when it first meets an editor, so new content needs a new editor.
  const editor = useMemo(() => {
    const created = withReact(createEditor());
    created.isInline = (element) => element.type === 'link';
    created.isVoid = (element) => element.type === 'media';
    return created;
  }, [value]);
  const renderElement = useCallback(
    (props: RenderElementProps) => <Element {...props} onNavigate={onNavigate} />,
    [onNavigate],
  );
  return (
    <Slate editor={editor} initialValue={value}>
      <Editable readOnly className={styles.root} renderElement={renderElement} renderLeaf={Leaf} />
    </Slate>
  );
}

function Element({ attributes, children, element, onNavigate }: RenderElementProps & Pick<RichTextProps, 'onNavigate'>) {
  switch (element.type) {
    case 'blockquote':
      return <blockquote {...attributes} className={styles.blockquote}>{children}</blockquote>;
    case 'code-block':
      return (
        <pre {...attributes} className={styles.codeBlock}>
          <code>{children}</code>
        </pre>
      );
    case 'subhead':
      return <h3 {...attributes} className={styles.subhead}>{children}</h3>;
    case 'bulleted-list':
      return <ul {...attributes} className={styles.list}>{children}</ul>;
    case 'numbered-list':
      return <ol {...attributes} className={styles.list}>{children}</ol>;
    case 'list-item':
      return <li {...attributes} className={styles.listItem}>{children}</li>;
    case 'list-item-content':
      return <div {...attributes}>{children}</div>;
    case 'media':
      // The box takes the ratio's height before the image loads, so the text below does not jump.
      return (
        <div {...attributes} contentEditable={false} className={styles.media}>
          <div className={styles.mediaBox} style={element.ratioPercent === null ? undefined : { paddingBottom: `${element.ratioPercent}%` }}>
            <img src={element.src} alt={element.alt} loading="lazy" className={element.ratioPercent === null ? styles.mediaImage : styles.mediaImageFilled} />
          </div>
          {children}
        </div>
      );
    case 'link':
      return element.inApp ? (
        <a {...attributes} href={element.href} className={styles.link} onClick={onPlainClick(() => onNavigate(element.href))}>
          {children}
        </a>
      ) : (
        <a {...attributes} href={element.href} className={styles.link} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    default:
      return <p {...attributes} className={styles.paragraph}>{children}</p>;
  }
}

function Leaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children;
  if (leaf.code) content = <code className={styles.inlineCode}>{content}</code>;
  if (leaf.highlight) content = <mark className={styles.highlight}>{content}</mark>;
  if (leaf.strikethrough) content = <s>{content}</s>;
  if (leaf.underline) content = <u>{content}</u>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.bold) content = <strong>{content}</strong>;
  return <span {...attributes}>{content}</span>;
}
