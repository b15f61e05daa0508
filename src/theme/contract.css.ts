import { createGlobalThemeContract } from '@vanilla-extract/css';
import { themeVariableName } from '../../domain/brandTheme.ts';

/**
 * Every value a brand (or the fixed layout) puts on the root element; see brandTheme.ts. The
 * names are fixed (`--klubb-color-primary`), not hashed: the server writes the same variables
 * into the HTML shell (server/shell), so the first paint is already in the brand's colours.
 */
export const vars = createGlobalThemeContract(
  {
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
  },
  (_value, path) => themeVariableName(path),
);
