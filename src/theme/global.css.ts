import { createGlobalTheme, globalStyle, style, type GlobalStyleRule } from '@vanilla-extract/css';
import { brandThemeTokens } from '../../domain/brandTheme.ts';
import { vars } from './contract.css.ts';
import { media } from './breakpoints.ts';
import { defaultThemeVariant } from './defaultTheme.ts';

// The neutral theme until the brand's: the HTML shell's inline style (after this sheet) and then
// the app (on <html>) set the brand's values over it.
createGlobalTheme(':root', vars, brandThemeTokens(defaultThemeVariant));

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  background: vars.color.background,
  color: vars.color.text,
  WebkitFontSmoothing: 'antialiased',
});

// A class that sets `display` would otherwise show an element its `hidden` attribute closes (panels, answers).
globalStyle('[hidden]', { display: 'none !important' });

globalStyle(':focus-visible', {
  outline: `2px solid ${vars.color.accent}`,
  outlineOffset: 2,
});

globalStyle('*, *::before, *::after', {
  '@media': {
    [media.reducedMotion]: {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});

const visuallyHiddenRule: GlobalStyleRule = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** Hidden on screen, still read by screen readers. */
export const visuallyHidden = style(visuallyHiddenRule);

// The plain class name too, for markup that cannot import styles (e.g. rich text).
globalStyle('.visually-hidden', visuallyHiddenRule);
