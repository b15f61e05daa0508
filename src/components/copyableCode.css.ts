import { style } from '@vanilla-extract/css';
import { vars } from '../theme/index.ts';

// A size container, so the code can shrink with the room it has (cqi) rather than the window's.
export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, containerType: 'inline-size' });

export const code = style({
  padding: '6px 12px',
  border: `2px dashed ${vars.color.primary}`,
  borderRadius: vars.radius.button,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  // A code is read and typed as a whole: it never breaks inside (issue 41);
  // in a narrow column it shrinks instead, and the copy button wraps to the next line.
  fontSize: 'clamp(12px, 6cqi, 18px)',
  letterSpacing: 1,
  userSelect: 'all',
  whiteSpace: 'nowrap',
  maxWidth: '100%',
});

export const copyButton = style({ display: 'inline-flex', alignItems: 'center', gap: 6 });

export const result = style({ flexBasis: '100%', margin: 0, fontSize: 14, minHeight: '1em', color: vars.color.textMuted });

export const failure = style({ color: vars.color.error });
