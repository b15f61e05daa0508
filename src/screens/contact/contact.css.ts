import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export { heading, page } from '../listPage.css.ts';

export { section, sectionHeading } from '../pageSection.css.ts';

export const paragraph = style({ margin: 0, whiteSpace: 'pre-line' });

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: 12 });

export const hours = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 });

/** A day's name and hours; the list's grid places them. */
export const hoursRow = style({ display: 'contents' });

export const day = style({ fontWeight: 600 });

export const time = style({ margin: 0, fontVariantNumeric: 'tabular-nums' });

/** Open now reads at a glance, in words as well as weight (never by colour alone). */
export const status = style({ margin: 0, fontWeight: 700 });

export const supportList = style({ listStyle: 'none', margin: '16px 0 0', padding: 0, display: 'flex', flexDirection: 'column', gap: 8 });

export const supportLink = style({ width: '100%', boxSizing: 'border-box' });
