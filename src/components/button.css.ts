import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  minHeight: 48,
  padding: '0 24px',
  border: '2px solid transparent',
  borderRadius: vars.radius.button,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'none',
  transition: 'opacity 150ms, background-color 150ms',
  selectors: {
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
    '&:hover:not(:disabled)': { opacity: 0.85 },
  },
});

export const variant = styleVariants({
  primary: [base, { background: vars.color.primary, color: vars.color.onPrimary }],
  secondary: [base, { background: 'transparent', color: vars.color.primary, borderColor: vars.color.primary }],
  text: [base, { background: 'transparent', color: vars.color.primary, padding: '0 8px' }],
  /**
   * For what cannot be undone (deleting the account). The error colour is made to read on the
   * page background (dark red on light brands, light red on dark ones), so the page background
   * is what reads on it.
   */
  danger: [base, { background: vars.color.error, color: vars.color.background }],
});

export const fullWidth = style({ width: '100%' });
