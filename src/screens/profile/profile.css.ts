import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

/** One readable column, inside the spec's page width and gutter. */
export const page = style({
  maxWidth: 560,
  margin: '0 auto',
  padding: `24px ${vars.layout.gutter} 48px`,
  display: 'flex',
  flexDirection: 'column',
  gap: 24,
});

export const heading = style({ fontFamily: vars.font.heading, margin: 0 });

export const form = style({ display: 'flex', flexDirection: 'column', gap: 24 });

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  paddingTop: 16,
  borderTop: `1px solid ${vars.color.surface}`,
});

export const sectionHeading = style({ fontFamily: vars.font.heading, fontSize: 18, margin: 0 });

/** Zip code and city side by side; the zip code is short. */
export const zipCityRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
  gap: 12,
});

/** The personal number: shown, never editable (spec 2.3), so no input. */
export const readOnly = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: 4 });

export const readOnlyLabel = style({ fontSize: 14, fontWeight: 600 });

export const readOnlyValue = style({ margin: 0, fontSize: 16, fontVariantNumeric: 'tabular-nums' });

export const hint = style({ margin: 0, fontSize: 14, color: vars.color.textMuted });

const notice = style({
  margin: 0,
  padding: 12,
  borderRadius: vars.radius.card,
  background: vars.color.surface,
});

/** The empty status region waits for a message without taking room. */
export const quiet = style({ margin: 0 });

export const success = style([notice, { borderLeft: `4px solid ${vars.color.primary}` }]);

export const failure = style([notice, { color: vars.color.error, borderLeft: `4px solid ${vars.color.error}` }]);

export const danger = style({
  alignSelf: 'flex-start',
  color: vars.color.error,
  borderColor: vars.color.error,
});

export const dialogBody = style({ display: 'flex', flexDirection: 'column', gap: 16, marginTop: 16 });

export const dialogActions = style({ display: 'flex', flexWrap: 'wrap', gap: 8 });

export const dialogAction = style({ flex: '1 1 0', minWidth: 0, paddingInline: 12 });
