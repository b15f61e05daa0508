import { style } from '@vanilla-extract/css';
import { vars } from '../theme/index.ts';

export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 });

export const code = style({
  padding: '6px 12px',
  border: `2px dashed ${vars.color.primary}`,
  borderRadius: vars.radius.button,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 18,
  letterSpacing: 1,
  userSelect: 'all',
  wordBreak: 'break-all',
});

export const copyButton = style({ display: 'inline-flex', alignItems: 'center', gap: 6 });

export const result = style({ flexBasis: '100%', margin: 0, fontSize: 14, minHeight: '1em', color: vars.color.textMuted });

export const failure = style({ color: vars.color.error });
