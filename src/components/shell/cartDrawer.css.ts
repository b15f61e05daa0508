import { keyframes, style } from '@vanilla-extract/css';
import { iconButton } from '../iconButton.css.ts';
import { vars } from '../../theme/contract.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 } });
const slideIn = keyframes({ from: { transform: 'translateX(100%)' } });

/** Above the shell's bars, below dialogs (1200) so a dialog opened from the cart covers it. */
export const layer = style({ position: 'fixed', inset: 0, zIndex: 1100 });

export const backdrop = style({
  position: 'absolute',
  inset: 0,
  background: 'rgba(0, 0, 0, 0.4)',
  animation: `${fadeIn} 300ms ease-out`,
});

export const drawer = style({
  position: 'absolute',
  top: 0,
  right: 0,
  bottom: 0,
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  maxWidth: vars.layout.cartDrawerMaxWidth,
  paddingTop: 'env(safe-area-inset-top)',
  paddingBottom: 'env(safe-area-inset-bottom)',
  background: vars.color.background,
  color: vars.color.text,
  boxShadow: '-4px 0 24px rgba(0, 0, 0, 0.2)',
  animation: `${slideIn} 300ms ease-out`,
  selectors: { '&:focus-visible': { outline: 'none' } },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  padding: '8px 8px 8px 24px',
  borderBottom: `1px solid ${vars.color.surface}`,
});

export const heading = style({ margin: 0, fontFamily: vars.font.heading, fontSize: 20 });

export const close = iconButton;

export const body = style({ flex: 1, overflowY: 'auto', padding: 24 });
