import { createThemeContract } from '@vanilla-extract/css';

/** Every value a brand (or the fixed layout) puts on the root element; see brandTheme.ts. */
export const vars = createThemeContract({
  color: {
    primary: null,
    onPrimary: null,
    background: null,
    surface: null,
    text: null,
    textMuted: null,
    accent: null,
    error: null,
    navigationBar: null,
    onNavigationBar: null,
    card: null,
  },
  font: {
    body: null,
    heading: null,
    image: null,
    preamble: null,
    tag: null,
  },
  radius: {
    button: null,
    card: null,
  },
  grid: {
    columns: { xs: null, sm: null, lg: null },
    gap: null,
    margin: null,
  },
  layout: {
    pageMaxWidth: null,
    gutter: null,
    billboardMaxWidth: null,
    dialogWidth: null,
    dialogMargin: null,
    cartDrawerMaxWidth: null,
    menuItemMinHeight: null,
    menuItemDenseMinHeight: null,
    tabMinWidth: null,
    tabMaxWidth: null,
    avatarSize: null,
  },
});
