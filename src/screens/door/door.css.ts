import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export { heading, page } from '../listPage.css.ts';

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const evenings = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 });

export const eveningButton = style({
  width: '100%',
  textAlign: 'start',
  padding: 16,
  borderRadius: 12,
  border: `1px solid ${vars.color.textMuted}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
});

export const eveningTitle = style({ fontWeight: 700, fontSize: '1.1rem' });

export const bar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, justifyContent: 'space-between' });

export const count = style({ fontSize: '1.6rem', fontWeight: 700, margin: 0 });

export const badge = style({ padding: '4px 10px', borderRadius: 999, background: '#7a4b00', color: '#fff', fontWeight: 700 });

export const viewfinder = style({ width: '100%', maxHeight: '50vh', objectFit: 'cover', borderRadius: 12, background: '#000' });

export const manual = style({ display: 'flex', flexDirection: 'column', gap: 8 });

export const notices = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 });

export const notice = style({ padding: 12, borderRadius: 8, background: '#fff3cd', color: '#3d2e00', border: '2px solid #b07d00' });

const resultBase = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 16,
  padding: 24,
  textAlign: 'center',
  color: '#fff',
});

/** Colours that read the same in every brand: green in, amber seen before, red refused. */
export const result = styleVariants({
  admitted: [resultBase, { background: '#0b6b2e' }],
  alreadyAdmitted: [resultBase, { background: '#8a5a00' }],
  refused: [resultBase, { background: '#a1121f' }],
});

export const verdict = style({ margin: 0, fontSize: 'clamp(2.5rem, 10vw, 4.5rem)', fontWeight: 800, lineHeight: 1.05 });

export const resultFacts = style({ margin: 0, fontSize: '1.4rem', display: 'flex', flexDirection: 'column', gap: 6 });

export const nextButton = style({
  minWidth: 240,
  padding: '18px 32px',
  fontSize: '1.4rem',
  fontWeight: 700,
  borderRadius: 12,
  border: '3px solid #fff',
  background: 'transparent',
  color: '#fff',
  cursor: 'pointer',
  ':focus-visible': { outline: '4px solid #fff', outlineOffset: 4 },
});
