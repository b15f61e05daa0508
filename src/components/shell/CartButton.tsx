import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { cx } from '../cx.ts';
import { Icon } from '../Icon.tsx';
import * as styles from './cartButton.css.ts';

/** The cart drawer's default id, so button and drawer agree without passing it around. */
export const cartDrawerId = 'cart-drawer';

export interface CartButtonProps {
  /** Items in the cart; the badge is hidden at 0. */
  count: number;
  onOpen: () => void;
  /** Whether the drawer is open. */
  expanded: boolean;
  drawerId?: string;
  icons?: Readonly<Record<string, string>>;
  className?: string;
}

export function CartButton({ count, onOpen, expanded, drawerId = cartDrawerId, icons, className }: CartButtonProps) {
  const { t } = useLingui();
  const label = t({ message: plural(count, { 0: 'Cart, empty', one: 'Cart, # item', other: 'Cart, # items' }) });
  return (
    <button
      type="button"
      className={cx(styles.button, className)}
      aria-label={label}
      aria-expanded={expanded}
      aria-controls={drawerId}
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      <Icon name="cart" paths={icons} />
      {count > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}
