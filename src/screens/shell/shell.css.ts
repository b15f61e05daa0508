import { style } from '@vanilla-extract/css';
import { media, vars } from '../../theme/index.ts';

export const shell = style({ minHeight: '100dvh', display: 'flex', flexDirection: 'column' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  padding: '8px 16px',
  '@media': { [media.medium]: { justifyContent: 'space-between', background: vars.color.navigationBar } },
});

/** Bottom bar on mobile, tabs at the top from the medium breakpoint. */
export const tabBar = style({
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  zIndex: 10,
  display: 'flex',
  justifyContent: 'space-around',
  background: vars.color.navigationBar,
  borderTop: `1px solid ${vars.color.surface}`,
  paddingBottom: 'env(safe-area-inset-bottom)',
  '@media': {
    [media.medium]: { position: 'static', justifyContent: 'flex-start', borderTop: 'none', gap: 4 },
  },
});

export const tab = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 2,
  flex: 1,
  minHeight: 56,
  padding: '6px 4px',
  justifyContent: 'center',
  color: vars.color.onNavigationBar,
  textDecoration: 'none',
  fontSize: 12,
  opacity: 0.75,
  '@media': {
    [media.medium]: {
      flex: '0 1 auto',
      flexDirection: 'row',
      gap: 8,
      minWidth: vars.layout.tabMinWidth,
      maxWidth: vars.layout.tabMaxWidth,
      fontSize: 15,
    },
  },
});

export const activeTab = style({ opacity: 1, fontWeight: 700, color: vars.color.primary });

export const signOut = style({});

export const content = style({ flex: 1 });
