import { iconButton } from './iconButton.css.ts';
import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
});

export const label = style({
  fontSize: 14,
  fontWeight: 600,
  color: vars.color.text,
});

export const inputRow = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
});

export const input = style({
  width: '100%',
  minHeight: 48,
  padding: '0 12px',
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.button,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: 16,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.error, borderWidth: 2 },
    '&:disabled': { opacity: 0.6 },
  },
});

export const inputWithToggle = style({ paddingRight: 52 });

export const toggle = style([iconButton, {
  position: 'absolute',
  right: 2,
}]);

export const error = style({
  margin: 0,
  fontSize: 14,
  color: vars.color.error,
});
