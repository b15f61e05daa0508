import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export { heading, page } from '../listPage.css.ts';

export const steps = style({ display: 'flex', flexDirection: 'column', gap: 12 });

export const counter = style({ margin: 0, color: vars.color.textMuted, fontSize: 14 });

export const stepTitle = style({ margin: 0, fontFamily: vars.font.heading, fontSize: 20, lineHeight: 1.3, ':focus': { outline: 'none' } });

export const text = style({ margin: 0, lineHeight: 1.5 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 12 });

export const action = style({ flex: '1 1 0', minWidth: 'max-content', paddingInline: 12, whiteSpace: 'nowrap' });

/** The guide over the content shell: wider than the generic dialog, for a few lines per step. */
export const dialog = style({ width: 400 });
