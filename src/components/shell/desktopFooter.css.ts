import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const footer = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 8,
  marginTop: 48,
  padding: `24px ${vars.layout.gutter}`,
  borderTop: `1px solid ${vars.color.surface}`,
});

export const links = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 8 });

export const copyright = style({ margin: 0, fontSize: 14, color: vars.color.textMuted });
