import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';
import { shellSizes } from './shellSizes.ts';

export const back = style({
  position: 'fixed',
  top: `calc(env(safe-area-inset-top) + ${(shellSizes.topBarHeight - shellSizes.backButtonSize) / 2}px)`,
  left: 'calc(env(safe-area-inset-left) + 8px)',
  zIndex: 110,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: shellSizes.backButtonSize,
  height: shellSizes.backButtonSize,
  padding: 0,
  border: 'none',
  borderRadius: '50%',
  background: vars.color.navigationBar,
  color: vars.color.onNavigationBar,
  cursor: 'pointer',
  selectors: { '&:hover': { opacity: 0.85 } },
});
