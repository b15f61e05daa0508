import { style } from '@vanilla-extract/css';
import { variant } from '../../components/button.css.ts';

/** A link (it opens a page) drawn as a button. */
export const primary = style([variant.primary, { alignSelf: 'flex-start' }]);
export const secondary = style([variant.secondary, { alignSelf: 'flex-start' }]);
