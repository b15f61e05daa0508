/** Widths (px) where the layout changes: below medium is mobile, from large is wide desktop. */
export const breakpoints = {
  /**
   * A desktop browser gets the desktop layout (tabs in the top bar) only in a window at least this
   * wide: below it the top bar's tabs do not fit, so it gets the phone's (issue 41). The narrowest
   * desktop window the layout specs check (e2e/layoutFit.spec.ts) is this wide.
   */
  desktopLayout: 700,
  medium: 800,
  large: 1440,
} as const;

/** Media queries for vanilla-extract `'@media'` keys and `window.matchMedia`. */
export const media = {
  desktopLayout: `(min-width: ${breakpoints.desktopLayout}px)`,
  medium: `(min-width: ${breakpoints.medium}px)`,
  large: `(min-width: ${breakpoints.large}px)`,
  /** Also check it before JS smooth scrolling or animating; CSS alone does not stop those. */
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
