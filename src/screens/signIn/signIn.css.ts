import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export const page = style({
  maxWidth: 400,
  margin: '0 auto',
  padding: `48px ${vars.layout.gutter}`,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: 16,
});

export const logo = style({ height: 56, alignSelf: 'center' });

export const heading = style({ fontFamily: vars.font.heading, textAlign: 'center', margin: 0 });

export const form = style({ display: 'flex', flexDirection: 'column', gap: 16 });

export const formError = style({
  margin: 0,
  padding: 12,
  borderRadius: vars.radius.card,
  background: vars.color.surface,
  color: vars.color.error,
  borderLeft: `4px solid ${vars.color.error}`,
});

/** News about the member's own request (the account was deleted): plain, not an error. */
export const notice = style({
  margin: 0,
  padding: 12,
  borderRadius: vars.radius.card,
  background: vars.color.surface,
  borderLeft: `4px solid ${vars.color.primary}`,
});

export const noticeHeading = style({ margin: '0 0 4px', fontFamily: vars.font.heading, fontSize: 18 });

/** A way on that looks like the auth links (browse without signing in, the dialog's auth screens). */
export const textButton = style({
  alignSelf: 'center',
  padding: '8px 4px',
  minHeight: 44,
  border: 'none',
  background: 'none',
  color: vars.color.primary,
  font: 'inherit',
  textDecoration: 'underline',
  cursor: 'pointer',
});
