import type { ComponentProps } from 'react';
import { cx } from './cx.ts';
import * as styles from './button.css.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'danger';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

/** A real `<button>`; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'primary', fullWidth = false, type = 'button', className, ...rest }: ButtonProps) {
  const classes = cx(styles.variant[variant], fullWidth && styles.fullWidth, className);
  return <button type={type} className={classes} {...rest} />;
}
