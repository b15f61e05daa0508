import { style } from '@vanilla-extract/css';
import { vars } from '../theme/index.ts';

/** A centred single-column page: set-up notice, force update, not found. */
export const page = style({
  maxWidth: 480,
  margin: '0 auto',
  padding: `48px ${vars.layout.gutter}`,
  display: 'flex',
  flexDirection: 'column',
  gap: 16,
});

export const heading = style({ fontFamily: vars.font.heading, margin: 0 });

export const muted = style({ color: vars.color.textMuted });

/** A link in the page's own text colour (the browser's blue is unreadable on a dark brand). */
export const link = style({ color: vars.color.text, textDecoration: 'underline' });
