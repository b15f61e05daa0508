import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '../Icon.tsx';
import { useModalFocus } from '../useModalFocus.ts';
import { cartDrawerId } from './CartButton.tsx';
import * as styles from './cartDrawer.css.ts';

export interface CartDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The cart's content, or its empty-state text. */
  children: ReactNode;
  /** Matches the cart button's `aria-controls`. */
  id?: string;
}

/** Modal drawer at the right edge (spec 2.3 "Desktop layout"), portalled to `body`. */
export function CartDrawer({ open, onClose, children, id = cartDrawerId }: CartDrawerProps) {
  const { t } = useLingui();
  const headingId = useId();
  const { ref, onKeyDown } = useModalFocus<HTMLElement>(open, onClose);
  if (!open) return null;

  return createPortal(
    <div className={styles.layer}>
      <div className={styles.backdrop} onClick={onClose} />
      <section
        ref={ref}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        tabIndex={-1}
        className={styles.drawer}
        onKeyDown={onKeyDown}
      >
        <header className={styles.header}>
          <h2 id={headingId} className={styles.heading}>
            {t`Cart`}
          </h2>
          <button type="button" className={styles.close} aria-label={t`Close`} onClick={onClose}>
            <Icon name="close" />
          </button>
        </header>
        <div className={styles.body}>{children}</div>
      </section>
    </div>,
    document.body,
  );
}
