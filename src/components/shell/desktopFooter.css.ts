import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

/**
 * One slim line under the pages (issue 22: the old 170 px block took that much of every page):
 * it keeps its own height in the shell's column, so it never covers what the page shows.
 */
export const footer = style({
  flex: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0 16px',
  padding: `4px ${vars.layout.gutter}`,
  borderTop: `1px solid ${vars.color.surface}`,
  background: vars.color.background,
});

export const links = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 8 });

globalStyle(`${links} button`, { minHeight: 32 });

export const copyright = style({ margin: 0, fontSize: 14, color: vars.color.textMuted, whiteSpace: 'nowrap' });
