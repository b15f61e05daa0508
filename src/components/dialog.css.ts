import { keyframes, style } from '@vanilla-extract/css';
import { iconButton } from './iconButton.css.ts';
import { vars } from '../theme/contract.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 } });
const popIn = keyframes({ from: { opacity: 0, transform: 'scale(0.95)' } });

/** Above the shell's bars and the cart drawer, so a dialog opened from the drawer covers it. */
export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 1200,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 16,
  background: 'rgba(0, 0, 0, 0.5)',
  animation: `${fadeIn} 150ms ease-out`,
});

export const dialog = style({
  position: 'relative',
  width: vars.layout.dialogWidth,
  maxWidth: '100%',
  maxHeight: '100%',
  overflowY: 'auto',
  padding: vars.layout.dialogMargin,
  borderRadius: vars.radius.card,
  background: vars.color.background,
  color: vars.color.text,
  boxShadow: '0 8px 32px rgba(0, 0, 0, 0.25)',
  animation: `${popIn} 150ms ease-out`,
  selectors: { '&:focus-visible': { outline: 'none' } },
});

export const title = style({
  margin: '0 0 12px',
  fontFamily: vars.font.heading,
  fontSize: 20,
  lineHeight: 1.3,
});

/** In the corner, inside the inner margin, so the title keeps the full width. */
export const close = style([iconButton, {
  position: 'absolute',
  top: 0,
  right: 0,
}]);

export const message = style({ lineHeight: 1.5, overflowWrap: 'anywhere' });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 8,
  marginTop: 24,
});

/** Equal widths when they fit side by side; else one under the other, each label on one line ("Add to / cart" never). */
export const action = style({ flex: '1 1 0', minWidth: 'max-content', paddingInline: 12, whiteSpace: 'nowrap' });
