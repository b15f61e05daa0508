import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const original = style({ color: vars.color.textMuted, fontWeight: 400 });
export const current = style({ fontWeight: 700 });
