import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/Button.tsx';
import { promoMessages } from '../../i18n/promoMessages.ts';
import type { ClaimCallToActionView } from './promo.connect.ts';
import * as styles from './offer.css.ts';

export interface ClaimCallToActionProps {
  label: string;
  claim: ClaimCallToActionView;
  placement: 'floating' | 'inline';
}

/** The `claim` call to action (spec 3): claims the offer's code, or is disabled and says why. */
export function ClaimCallToAction({ label, claim, placement }: ClaimCallToActionProps) {
  const { t, i18n } = useLingui();
  const noteId = useId();
  const notes = {
    capReached: `${i18n._(promoMessages.capReached)}. ${t`Your codes are listed above.`}`,
    noCodesRemaining: i18n._(promoMessages.noCodesRemaining),
    revealed: t`Your code is shown above.`,
  };
  const note = claim.note ? notes[claim.note] : null;
  return (
    <div className={styles.ctaBar[placement]}>
      <Button
        className={styles.ctaButton}
        disabled={!claim.claim}
        aria-busy={claim.busy}
        aria-describedby={note ? noteId : undefined}
        onClick={claim.claim ?? undefined}
      >
        {label}
      </Button>
      {note ? (
        <p id={noteId} className={styles.ctaNote}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
