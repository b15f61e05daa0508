import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const root = style({
  fontFamily: vars.font.body,
  fontSize: 16,
  lineHeight: 1.6,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

const block = { margin: '0 0 16px' } as const;

export const paragraph = style(block);

export const subhead = style({
  ...block,
  marginTop: 24,
  fontFamily: vars.font.heading,
  fontSize: 20,
  lineHeight: 1.3,
});

export const blockquote = style({
  ...block,
  padding: '4px 0 4px 16px',
  borderLeft: `4px solid ${vars.color.accent}`,
  fontFamily: vars.font.preamble,
  fontStyle: 'italic',
  color: vars.color.textMuted,
});

const monospace = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

export const codeBlock = style({
  ...block,
  padding: '12px 16px',
  overflowX: 'auto',
  borderRadius: 4,
  background: vars.color.surface,
  fontFamily: monospace,
  fontSize: 14,
  whiteSpace: 'pre-wrap',
  // Draft stores one code-block per line; consecutive lines read as one block.
  selectors: {
    '&:has(+ &)': { marginBottom: 0, paddingBottom: 0, borderBottomLeftRadius: 0, borderBottomRightRadius: 0 },
    '& + &': { paddingTop: 0, borderTopLeftRadius: 0, borderTopRightRadius: 0 },
  },
});

globalStyle(`${codeBlock} code`, { fontFamily: 'inherit' });

export const inlineCode = style({
  padding: '0 4px',
  borderRadius: 4,
  background: vars.color.surface,
  fontFamily: monospace,
  fontSize: '0.9em',
});

export const highlight = style({
  padding: '0 2px',
  // A tint of the brand accent keeps body text readable on it whatever the accent is.
  background: `color-mix(in srgb, ${vars.color.accent} 25%, transparent)`,
  color: 'inherit',
});

export const list = style({
  ...block,
  paddingLeft: 24,
  selectors: { 'li > &': { margin: '4px 0 0' } },
});

export const listItem = style({ marginBottom: 4 });

export const link = style({
  color: vars.color.primary,
  textDecoration: 'underline',
  textUnderlineOffset: 2,
});

export const media = style({ margin: '0 0 16px' });

export const mediaBox = style({ position: 'relative', width: '100%', overflow: 'hidden', borderRadius: vars.radius.card });

export const mediaImage = style({ display: 'block', width: '100%', height: 'auto' });

/** In a box of the ratio's height: the image fills it. */
export const mediaImageFilled = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' });
