import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export const page = style({
  maxWidth: 1440,
  margin: '0 auto',
  padding: '16px 0 96px',
  display: 'flex',
  flexDirection: 'column',
  gap: 24,
});

export const logoHeading = style({ margin: 0, display: 'flex', justifyContent: 'center', padding: `0 ${vars.grid.margin}` });

export const logo = style({ height: 48 });

export const sentinel = style({ height: 1 });

export const billboard = style({ padding: `0 ${vars.grid.margin}` });
