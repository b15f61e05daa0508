/** Sizes the shell pieces share (px): the mobile bottom bar and the fixed back button. */
export const shellSizes = {
  bottomBarHeight: 56,
  topBarHeight: 56,
  backButtonSize: 48,
} as const;
