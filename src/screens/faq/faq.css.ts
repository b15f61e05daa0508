import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export { heading, page } from '../listPage.css.ts';
export { list as entries, panel as entry, panelHeading as question, panelBody as answer, toggle } from '../accordion.css.ts';

/** A chevron that turns when the answer is open. */
export const chevron = style({
  flexShrink: 0,
  width: 10,
  height: 10,
  borderRight: `2px solid currentColor`,
  borderBottom: `2px solid currentColor`,
  transform: 'rotate(45deg)',
  transition: 'transform 150ms',
  selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(-135deg)' } },
});

export const paragraph = style({ margin: 0, whiteSpace: 'pre-line' });

export const muted = style({ margin: 0, color: vars.color.textMuted });
