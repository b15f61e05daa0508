import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

/** Above the tab bar and the page, in the page's own colours turned round. */
export const notice = style({
  position: 'fixed',
  zIndex: 20,
  insetInline: 0,
  bottom: 'calc(env(safe-area-inset-bottom) + 72px)',
  width: 'fit-content',
  maxWidth: `min(${vars.layout.pageMaxWidth}, calc(100% - 2 * ${vars.layout.gutter}))`,
  marginInline: 'auto',
  marginBlock: 0,
  padding: '10px 16px',
  borderRadius: 8,
  background: vars.color.text,
  color: vars.color.background,
  fontSize: 14,
  textAlign: 'center',
  pointerEvents: 'none',
});
