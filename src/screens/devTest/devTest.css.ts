import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export { heading, page } from '../listPage.css.ts';
export { section, sectionHeading } from '../pageSection.css.ts';
export { facts, term, value } from '../about/about.css.ts';

export const checks = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 16 });

export const check = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 16px' });

/** A check's outcome: tokens are long, so they wrap anywhere. */
export const status = style({ margin: 0, minHeight: '1.5em', color: vars.color.textMuted, overflowWrap: 'anywhere' });

/** A term and its value; the list's grid places them. */
export const factRow = style({ display: 'contents' });
