import { style } from '@vanilla-extract/css';
import { vars } from '../theme/index.ts';

/** Panels that open and close under their heading's button (FAQ, My orders). */
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 });

export const panel = style({ borderRadius: vars.radius.card, background: vars.color.surface, color: vars.color.text });

export const panelHeading = style({ margin: 0, fontSize: 16 });

/** The heading's button: the whole width, its aria-expanded tells whether the panel is open. */
export const toggle = style({
  width: '100%',
  minHeight: vars.layout.menuItemMinHeight,
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: 12,
  padding: 16,
  border: 0,
  borderRadius: vars.radius.card,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontWeight: 700,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: 2 } },
});

/** The panel's content; its `hidden` attribute closes it (the global [hidden] rule wins over this display). */
export const panelBody = style({ padding: '0 16px 16px', display: 'flex', flexDirection: 'column', gap: 12 });
