import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';
import { skeletonAnimation } from '../../theme/skeleton.css.ts';

/** Spec 9: page max width 800 with an 18 px gutter. */
export const page = style({
  maxWidth: vars.layout.pageMaxWidth,
  margin: '0 auto',
  paddingBottom: 32,
});

export const article = style({ display: 'flex', flexDirection: 'column', gap: 24 });

/** Wide screens: the hero leaves room for the title on the first screen (the image is cropped, not squeezed). */
export const hero = style({ maxHeight: 'min(60vh, 480px)' });

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  paddingInline: vars.layout.gutter,
});

export const categoryTag = style({
  alignSelf: 'flex-start',
  margin: 0,
  padding: '4px 10px',
  borderRadius: 999,
  // The brand's primary pair: its contrast is chosen for text, the accent's is not.
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontFamily: vars.font.tag,
  fontSize: 13,
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const title = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: 32,
  lineHeight: 1.2,
  overflowWrap: 'anywhere',
});

export const preamble = style({
  margin: 0,
  fontFamily: vars.font.preamble,
  fontSize: 19,
  lineHeight: 1.5,
});

export const infoStrip = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 16,
  margin: 0,
  padding: '8px 0 0',
  listStyle: 'none',
  borderTop: `1px solid ${vars.color.surface}`,
  color: vars.color.textMuted,
  fontSize: 14,
});

export const blocks = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 24,
  paddingInline: vars.layout.gutter,
  lineHeight: 1.6,
});

export const figure = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: 8 });

export const figureImage = style({ borderRadius: vars.radius.card });

export const caption = style({ color: vars.color.textMuted, fontSize: 14 });

const bar = { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 8 } as const;

/** Mobile: sticks to the bottom of the page's scroll area; desktop: part of the page. */
export const ctaBar = styleVariants({
  floating: {
    ...bar,
    // No z-index: it would lift the bar over pages stacked above this one.
    position: 'sticky',
    bottom: 0,
    padding: `12px ${vars.layout.gutter} calc(12px + env(safe-area-inset-bottom))`,
    background: vars.color.background,
    boxShadow: '0 -2px 8px rgb(0 0 0 / 0.12)',
  },
  inline: { ...bar, alignItems: 'flex-start', paddingInline: vars.layout.gutter },
});

export const ctaButton = style({ minWidth: 200 });

export const ctaNote = style({ margin: 0, color: vars.color.textMuted, fontSize: 14 });

export const companion = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  paddingInline: vars.layout.gutter,
});

export const companionHeader = style({ margin: 0, fontFamily: vars.font.heading, fontSize: 20 });

export const companionCard = style({ maxWidth: 360 });

const skeleton = {
  background: vars.color.surface,
  animation: skeletonAnimation,
} as const;

export const skeletonHero = style({ ...skeleton, width: '100%', aspectRatio: '3 / 2', marginBottom: 24 });

const line = { ...skeleton, height: 16, borderRadius: 4 } as const;

export const skeletonLine = styleVariants({
  title: { ...line, height: 32, width: '80%' },
  text: { ...line, width: '100%' },
  short: { ...line, width: '60%' },
});
