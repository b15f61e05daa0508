import { styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';
import { shellSizes } from './shellSizes.ts';

// The frame fills the shell's column between header and footer; pages scroll inside it.
const fill = { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' } as const;

export const frame = styleVariants({
  desktop: {
    ...fill,
    width: '100%',
    maxWidth: `calc(${vars.layout.pageMaxWidth} + 2 * ${vars.layout.gutter})`,
    marginInline: 'auto',
    paddingInline: vars.layout.gutter,
  },
  mobile: {
    ...fill,
    width: '100%',
    paddingBottom: `calc(${shellSizes.bottomBarHeight}px + env(safe-area-inset-bottom))`,
  },
});
