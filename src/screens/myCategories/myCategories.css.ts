import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export { heading, page } from '../listPage.css.ts';
export { group, legend, option, control } from '../choiceList.css.ts';

export const error = style({ margin: 0, color: vars.color.error, fontWeight: 700 });

export const muted = style({ margin: 0, color: vars.color.textMuted });
