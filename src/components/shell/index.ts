export { BackButton, type BackButtonProps } from './BackButton.tsx';
export { CartButton, cartDrawerId, type CartButtonProps } from './CartButton.tsx';
export { CartDrawer, type CartDrawerProps } from './CartDrawer.tsx';
export { ContentFrame, type ContentFrameProps } from './ContentFrame.tsx';
export { DesktopFooter, type DesktopFooterProps } from './DesktopFooter.tsx';
export { shellSizes } from './shellSizes.ts';
export { TabBar, type TabBarEntry, type TabBarProps } from './TabBar.tsx';
