import { style } from '@vanilla-extract/css';
import { vars } from '../theme/index.ts';

/** A titled part of a page below a rule (More's contact, Contact us' call and chat). */
export const section = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 12,
  paddingTop: 16,
  borderTop: `1px solid ${vars.color.surface}`,
});

export const sectionHeading = style({ fontFamily: vars.font.heading, fontSize: 18, margin: 0 });
