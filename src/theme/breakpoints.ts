/** Widths (px) where the layout changes: below medium is mobile, from large is wide desktop. */
export const breakpoints = {
  medium: 800,
  large: 1440,
} as const;

/** Media queries for vanilla-extract `'@media'` keys and `window.matchMedia`. */
export const media = {
  medium: `(min-width: ${breakpoints.medium}px)`,
  large: `(min-width: ${breakpoints.large}px)`,
  /** Also check it before JS smooth scrolling or animating; CSS alone does not stop those. */
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
