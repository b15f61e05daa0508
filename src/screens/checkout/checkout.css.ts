import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export { heading, page } from '../listPage.css.ts';

export const total = style({ margin: 0, fontSize: 18, fontWeight: 700 });

export const form = style({ display: 'flex', flexDirection: 'column', gap: 16 });

export const row = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 });

export const refusal = style({ margin: 0, color: vars.color.error, fontWeight: 600 });

export const actions = style({ display: 'flex', flexDirection: 'column', gap: 12 });

export const link = style({ color: vars.color.text, textDecoration: 'underline', fontWeight: 600 });
