import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

const box = {
  position: 'relative',
  width: '100%',
  overflow: 'hidden',
  borderRadius: vars.radius.card,
  background: vars.color.surface,
} as const;

/** The player's own size, before and after loading: Spotify's tall player, YouTube's 16:9. */
export const frame = styleVariants({
  spotify: { ...box, height: 352 },
  youTube: { ...box, aspectRatio: '16 / 9' },
});

export const iframe = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 });

export const placeholder = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 16,
  padding: 24,
  textAlign: 'center',
});

export const notice = style({ margin: 0, maxWidth: 420, color: vars.color.textMuted, fontSize: 14 });
