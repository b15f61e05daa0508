import { cx } from './cx.ts';
import { fallbackIcons } from './fallbackIcons.ts';
import * as styles from './icon.css.ts';

export interface IconProps {
  name: string;
  /** The brand's icons (name → path `d`); names missing there use the built-in set. */
  paths?: Readonly<Record<string, string>>;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  label?: string;
  /** Width and height in px. */
  size?: number;
  className?: string;
}

export function Icon({ name, paths, label, size = 24, className }: IconProps) {
  const d = paths?.[name] ?? fallbackIcons[name];
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      focusable="false"
      className={cx(styles.icon, className)}
      {...a11y}
    >
      {d ? <path d={d} /> : null}
    </svg>
  );
}
