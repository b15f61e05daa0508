import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon.tsx';
import { cx } from '../../components/cx.ts';
import * as dialogStyles from '../../components/dialog.css.ts';
import { useModalFocus } from '../../components/useModalFocus.ts';
import * as styles from './restaurant.css.ts';

interface BookingDialogProps {
  open: boolean;
  restaurantName: string;
  /** The widget's address, with the app's language. */
  widgetUrl: string;
  onClose: () => void;
}

/**
 * The restaurant's booking widget in a modal dialog (spec 2.3): named, closed with Escape or
 * its close button, focus kept inside and given back to the booking button afterwards. Its one
 * heading is the widget's own (in the brand's colours), which follows the booking to its
 * confirmation: a dialog heading above it said the same in other words.
 */
export function BookingDialog({ open, restaurantName, widgetUrl, onClose }: BookingDialogProps) {
  const { t } = useLingui();
  const focus = useModalFocus<HTMLDivElement>(open, onClose);
  const close = useRef<HTMLButtonElement>(null);
  if (!open) return null;
  return createPortal(
    <div className={dialogStyles.backdrop}>
      <div
        ref={focus.ref}
        role="dialog"
        aria-modal="true"
        aria-label={t`Book a table at ${restaurantName}`}
        tabIndex={-1}
        className={cx(dialogStyles.dialog, styles.bookingDialog)}
        onKeyDown={focus.onKeyDown}
      >
        <button ref={close} type="button" className={dialogStyles.close} aria-label={t`Close`} onClick={onClose}>
          <Icon name="close" />
        </button>
        {/* Escape pressed inside the frame stays in its (cross-origin) document and cannot reach this dialog: Close or Tab out. */}
        <iframe className={styles.widget} src={widgetUrl} title={t`Table booking at ${restaurantName}`} />
        {/* The trap cannot see Tab inside the frame: leaving its last field lands here, and goes on to Close. */}
        <span tabIndex={0} data-focus-sentinel="" onFocus={() => close.current?.focus()} />
      </div>
    </div>,
    document.body,
  );
}
