import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export const section = style({ display: 'flex', flexDirection: 'column', gap: 12, marginTop: 8 });

export const heading = style({
  fontFamily: vars.font.heading,
  fontSize: '1rem',
  textAlign: 'center',
  margin: 0,
  color: vars.color.textMuted,
});

export const qrCode = style({ width: 220, height: 220, alignSelf: 'center', borderRadius: 8 });

export const hint = style({ margin: 0, textAlign: 'center' });

export const link = style({ alignSelf: 'center', color: vars.color.primary, fontWeight: 600 });

/** The order's status, focused when the pressed button goes; the section's gap between its parts. */
export const status = style({ display: 'flex', flexDirection: 'column', gap: 12, outline: 'none' });
