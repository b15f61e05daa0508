import { style } from '@vanilla-extract/css';
import { vars } from '../theme/index.ts';

export const shell = style({ height: '100dvh', display: 'flex', flexDirection: 'column' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  minHeight: 56,
  padding: '4px 16px 4px 64px',
  background: vars.color.navigationBar,
  color: vars.color.onNavigationBar,
});

export const actions = style({ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: 4, flexShrink: 0, whiteSpace: 'nowrap' });
