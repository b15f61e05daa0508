import { style } from '@vanilla-extract/css';
import { skeletonAnimation } from '../../theme/skeleton.css.ts';
import { media, vars } from '../../theme/index.ts';

export const page = style({
  maxWidth: vars.layout.pageMaxWidth,
  margin: '0 auto',
  padding: `24px ${vars.layout.gutter} 48px`,
  display: 'flex',
  flexDirection: 'column',
  gap: 32,
});

export const header = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8, textAlign: 'center' });

/** Spec 9: the profile avatar is 120 px with a 2 px border. */
export const avatar = style({
  width: vars.layout.avatarSize,
  height: vars.layout.avatarSize,
  boxSizing: 'border-box',
  borderRadius: '50%',
  border: `2px solid ${vars.color.primary}`,
  background: vars.color.surface,
  color: vars.color.primary,
  display: 'grid',
  placeItems: 'center',
  fontFamily: vars.font.heading,
  fontSize: 40,
  fontWeight: 600,
});

export const name = style({ fontFamily: vars.font.heading, margin: 0, overflowWrap: 'anywhere' });

export const role = style({ margin: 0, color: vars.color.textMuted, fontFamily: vars.font.tag });

/** Where the role name goes while it is not known (spec 8: a failed fetch leaves the skeleton). */
export const roleSkeleton = style({
  margin: 0,
  width: 120,
  height: 16,
  borderRadius: 4,
  background: vars.color.surface,
  animation: skeletonAnimation,
});

/** Spec 2.3: 3, 4 or 5 columns at small, medium and large widths. */
export const tiles = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: 12,
  '@media': {
    [media.medium]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
    [media.large]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
  },
});

export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  height: '100%',
  boxSizing: 'border-box',
  minHeight: 96,
  padding: '16px 4px',
  borderRadius: vars.radius.card,
  background: vars.color.card,
  boxShadow: '0 1px 3px rgba(0, 0, 0, 0.12)',
  color: vars.color.text,
  textAlign: 'center',
  textDecoration: 'none',
  fontWeight: 600,
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: 2 },
  },
});

export const tileIcon = style({ color: vars.color.primary });

/**
 * Labels wrap between words only, never inside one ("Restaurant/s", "beställning/ar"): the type
 * is a little smaller on phones, where three tiles share the width, so the longest words fit.
 */
export const tileLabel = style({
  maxWidth: '100%',
  fontSize: 'clamp(11px, 3.1vw, 14px)',
  overflowWrap: 'normal',
  wordBreak: 'normal',
  hyphens: 'manual',
});

export { section, sectionHeading } from '../pageSection.css.ts';

export const hint = style({ margin: 0, color: vars.color.textMuted });

export const contactActions = style({ display: 'flex', flexWrap: 'wrap', gap: 12 });

export const signOut = style({ alignSelf: 'center' });
