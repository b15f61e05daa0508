import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react/macro';
import { Button } from './Button.tsx';
import { Icon } from './Icon.tsx';
import { useModalFocus } from './useModalFocus.ts';
import * as styles from './dialog.css.ts';

export interface DialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  onClose: () => void;
  /** With onYes and/or onNo the dialog shows the matching buttons. */
  onYes?: () => void;
  onNo?: () => void;
  yesLabel?: string;
  noLabel?: string;
  /** Extra content under the message (e.g. a form or a custom action). */
  children?: ReactNode;
}

/** Modal dialog (spec 2.3 "Generic overlays"), portalled to `body`; the rest of the page is inert while open. */
export function Dialog({ open, title, message, onClose, onYes, onNo, yesLabel, noLabel, children }: DialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const messageId = useId();
  const { ref, onKeyDown } = useModalFocus<HTMLDivElement>(open, onClose);
  // A press that starts inside the dialog and ends on the backdrop (text selection) is no backdrop click.
  const pressStartedOnBackdrop = useRef(false);
  if (!open) return null;

  return createPortal(
    <div
      className={styles.backdrop}
      onPointerDown={(event) => (pressStartedOnBackdrop.current = event.target === event.currentTarget)}
      onClick={(event) => {
        if (event.target === event.currentTarget && pressStartedOnBackdrop.current) onClose();
      }}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        tabIndex={-1}
        className={styles.dialog}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} aria-label={t`Close`} onClick={onClose}>
          <Icon name="close" />
        </button>
        <div id={messageId} className={styles.message}>
          {message}
        </div>
        {children}
        {onNo || onYes ? (
          <div className={styles.actions}>
            {onNo && (
              <Button variant="secondary" className={styles.action} onClick={onNo}>
                {noLabel ?? t`No`}
              </Button>
            )}
            {onYes && (
              <Button className={styles.action} onClick={onYes}>
                {yesLabel ?? t`Yes`}
              </Button>
            )}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
