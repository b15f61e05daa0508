import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/Button.tsx';
import type { SelectionStatus } from './ticketSelection.connect.ts';
import * as styles from './offer.css.ts';

export interface PaymentBarProps {
  label: string;
  status: SelectionStatus;
  onBuy: () => void;
  placement: 'floating' | 'inline';
  /** The chosen evening has an on-sale time and it is not the member's turn in its sale queue yet. */
  waitsForQueue?: boolean;
}

/**
 * The payment call to action (spec 2.3, 4): opens the add-to-cart dialog, or the 'select item'
 * warning while nothing is selected. A sold-out or ended choice cannot be bought; the selector
 * says why. An evening with an on-sale time waits for the member's turn in its sale queue.
 */
export function PaymentBar({ label, status, onBuy, placement, waitsForQueue = false }: PaymentBarProps) {
  const { t } = useLingui();
  const noteId = useId();
  const blocked = status === 'soldOut' || status === 'ended' || status === 'nothingToSell' || (status === 'buyable' && waitsForQueue);
  const note =
    status === 'soldOut'
      ? t`Unfortunately the item for this offer is sold out.`
      : status === 'ended'
        ? t`The offer is no longer relevant`
        : status === 'buyable' && waitsForQueue
          ? t`You can buy when it is your turn in the sale queue.`
          : null;
  return (
    <div className={styles.ctaBar[placement]}>
      <Button className={styles.ctaButton} disabled={blocked} aria-describedby={note ? noteId : undefined} onClick={onBuy}>
        {label}
      </Button>
      {note && (
        <p id={noteId} className={styles.ctaNote}>
          {note}
        </p>
      )}
    </div>
  );
}
