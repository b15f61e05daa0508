import { style } from '@vanilla-extract/css';
import { vars } from '../theme/index.ts';

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 });

export const link = style({ color: vars.color.text, textDecoration: 'underline' });
