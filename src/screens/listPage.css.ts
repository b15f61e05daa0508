import { style } from '@vanilla-extract/css';
import { vars } from '../theme/index.ts';

/** A page of the More section or the checkout: the page width, with its heading on top. */
export const page = style({
  maxWidth: vars.layout.pageMaxWidth,
  margin: '0 auto',
  padding: `24px ${vars.layout.gutter} 48px`,
  display: 'flex',
  flexDirection: 'column',
  gap: 20,
});

export const heading = style({ margin: 0, fontFamily: vars.font.heading });
