import type { BaseEditor } from 'slate';
import type { ReactEditor } from 'slate-react';

export type MarkName = 'bold' | 'italic' | 'underline' | 'strikethrough' | 'code' | 'highlight';

/** A run of text; a mark is present (true) or absent, never false. */
export type RichLeaf = { text: string } & Partial<Record<MarkName, true>>;

export interface LinkElement {
  type: 'link';
  href: string;
  /** The href is a path inside the app, opened by the app's navigator. */
  inApp: boolean;
  children: RichLeaf[];
}

export type InlineNode = RichLeaf | LinkElement;

export interface ParagraphElement {
  type: 'paragraph';
  children: InlineNode[];
}

export interface BlockquoteElement {
  type: 'blockquote';
  children: InlineNode[];
}

export interface CodeBlockElement {
  type: 'code-block';
  children: InlineNode[];
}

export interface SubheadElement {
  type: 'subhead';
  /** 1..6 from header-one..header-six. */
  level: number;
  children: InlineNode[];
}

export interface ListItemContentElement {
  type: 'list-item-content';
  children: InlineNode[];
}

/** A list item's own text first, then any lists nested under it. */
export interface ListItemElement {
  type: 'list-item';
  children: [ListItemContentElement, ...ListElement[]];
}

export interface ListElement {
  type: 'bulleted-list' | 'numbered-list';
  children: ListItemElement[];
}

export type TextBlockElement = ParagraphElement | BlockquoteElement | CodeBlockElement | SubheadElement;

/** An image of an atomic block; a void element (its one empty text is Slate's requirement). */
export interface MediaElement {
  type: 'media';
  src: string;
  alt: string;
  /** The box's height in percent of its width, from the ratio string; null keeps the image's own shape. */
  ratioPercent: number | null;
  children: [{ text: '' }];
}

export type RichElement = TextBlockElement | ListElement | ListItemElement | ListItemContentElement | LinkElement | MediaElement;

/** Where rich text is shown: hosts that count as the app itself, and the section being viewed. */
export interface LinkContext {
  appHosts: string[];
  currentSection: string | null;
}

declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor;
    Element: RichElement;
    Text: RichLeaf;
  }
}
