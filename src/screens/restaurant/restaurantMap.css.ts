import { style } from '@vanilla-extract/css';
import { media, vars } from '../../theme/index.ts';

export { page } from '../listPage.css.ts';
export { link } from '../simplePage.css.ts';

export const header = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' });

export const heading = style({ margin: 0, fontFamily: vars.font.heading });

export const tools = style({ display: 'flex', alignItems: 'center', gap: 8 });

export const note = style({ margin: 0, padding: '12px 16px', borderRadius: vars.radius.card, background: vars.color.surface });

/** The map and its panel: the panel floats over the map's foot on a phone, in its corner on a desktop. */
export const mapArea = style({ position: 'relative' });

export const map = style({
  width: '100%',
  height: 'min(65vh, 560px)',
  minHeight: 320,
  borderRadius: vars.radius.card,
  overflow: 'hidden',
  background: vars.color.surface,
  '@media': { [media.medium]: { height: 'min(70vh, 640px)' } },
});

export const mapMessage = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 12,
  minHeight: 320,
  padding: 24,
  textAlign: 'center',
  borderRadius: vars.radius.card,
  background: vars.color.surface,
});

export const panel = style({
  position: 'absolute',
  insetInline: 12,
  bottom: 12,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  padding: '16px 16px 16px 20px',
  borderRadius: vars.radius.card,
  background: vars.color.background,
  color: vars.color.text,
  boxShadow: '0 4px 16px rgba(0, 0, 0, 0.25)',
  '@media': { [media.medium]: { insetInline: 'auto 12px', top: 12, bottom: 'auto', width: 320 } },
});

export const panelHeader = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 8 });

export const panelTitle = style({ margin: 0, fontFamily: vars.font.heading, fontSize: 20, overflowWrap: 'anywhere' });

export const address = style({ margin: 0, fontStyle: 'normal', color: vars.color.textMuted });

export const order = style({ margin: 0, color: vars.color.textMuted });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: 12,
  '@media': { [media.medium]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  padding: 16,
  borderRadius: vars.radius.card,
  background: vars.color.card,
});

export const itemName = style({ margin: 0, fontSize: 18, fontFamily: vars.font.heading });

export const distance = style({ margin: 0, fontSize: 14, color: vars.color.textMuted });

/** The panel's way to the restaurant's page: a link that looks like the primary button. */
export { primary as goTo } from './buttonLink.css.ts';
