import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

const shell = { height: '100dvh', display: 'flex', flexDirection: 'column' } as const;

export const mobileShell = style(shell);

export const desktopShell = style(shell);

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  minHeight: 56,
  padding: '4px 16px 4px 64px',
  background: vars.color.navigationBar,
  color: vars.color.onNavigationBar,
});

export const actions = style({ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: 4 });
