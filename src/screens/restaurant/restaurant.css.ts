import { style } from '@vanilla-extract/css';
import { media, vars } from '../../theme/index.ts';

export { link } from '../simplePage.css.ts';

/** Spec 9: page max width 800; the header runs to the page's edges, the text keeps the gutter. */
export const page = style({
  maxWidth: vars.layout.pageMaxWidth,
  margin: '0 auto',
  paddingBottom: 48,
  '@media': { [media.medium]: { paddingTop: 24 } },
});

const header = {
  width: '100%',
  height: 220,
  background: vars.color.surface,
  '@media': { [media.medium]: { height: 320, borderRadius: vars.radius.card, overflow: 'hidden' } },
} as const;

export const mapHeader = style(header);

/** Without a map: the brand's surface with the restaurant sign. */
export const plainHeader = style({ ...header, display: 'grid', placeItems: 'center', color: vars.color.primary, height: 160, '@media': { [media.medium]: { height: 200, borderRadius: vars.radius.card } } });

export const article = style({ display: 'flex', flexDirection: 'column', gap: 16, padding: `24px ${vars.layout.gutter} 0` });

export const title = style({ margin: 0, fontFamily: vars.font.heading, fontSize: 32, lineHeight: 1.2, overflowWrap: 'anywhere' });

export const description = style({ margin: 0, fontFamily: vars.font.preamble, fontSize: 18, lineHeight: 1.5 });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '8px 16px',
  margin: 0,
});

export const term = style({ color: vars.color.textMuted });

export const value = style({ margin: 0, overflowWrap: 'anywhere' });

export const book = style({ alignSelf: 'stretch', '@media': { [media.medium]: { alignSelf: 'flex-start' } } });

/** Wider and taller than a message dialog: a booking form fits. */
export const bookingDialog = style({
  width: 'min(560px, 100%)',
  height: 'min(720px, 100%)',
  display: 'flex',
  flexDirection: 'column',
  // The close button's strip above the frame; the widget's own page has the one heading.
  padding: '48px 16px 0',
  overflow: 'hidden',
});

export const widget = style({ flex: 1, width: '100%', minHeight: 0, border: 'none' });

