import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
// Not in the components index, which loads with the sign-in page.
import type { ClipboardView } from '../../components/clipboard.connect.ts';
import { CopyableCode } from '../../components/CopyableCode.tsx';
import { errorMessageFor } from '../../i18n/errorMessages.ts';
import { promoMessages } from '../../i18n/promoMessages.ts';
import type { CommonPromoView, UniquePromoView } from './promo.connect.ts';
import type { PromoViews } from './usePromoViews.ts';
import { showClaimedCode } from './promo.dom.ts';
import * as styles from './promo.css.ts';

/** The offer page's common and unique promo code rows (spec 2.3), in that order; nothing when the offer has neither. */
export function PromoCodeRows({ promo }: { promo: PromoViews }) {
  const { common, unique, clipboard } = promo;
  if (common.status === 'hidden' && unique.status === 'hidden') return null;
  return (
    <div className={styles.rows}>
      {common.status !== 'hidden' ? <CommonCodeRow common={common} clipboard={clipboard} /> : null}
      {unique.status !== 'hidden' ? <UniqueCodeRow unique={unique} clipboard={clipboard} /> : null}
    </div>
  );
}

function CommonCodeRow({ common, clipboard }: { common: CommonPromoView; clipboard: ClipboardView }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  return (
    <section className={styles.row} aria-labelledby={titleId} aria-busy={common.busy}>
      <h2 id={titleId} className={styles.rowTitle}>{t`Member code`}</h2>
      {common.code ? (
        <div ref={common.revealedNow ? showClaimedCode : undefined}>
          <CopyableCode code={common.code} clipboard={clipboard} />
        </div>
      ) : (
        <>
          <p className={styles.note}>{t`The same code for every member. Claim it to see it.`}</p>
          <div>
            <Button onClick={common.claim} disabled={!common.canClaim}>
              {common.busy ? t`Getting the code…` : t`Show the code`}
            </Button>
          </div>
        </>
      )}
      {/* Always rendered, so screen readers hear the code when it is revealed. */}
      <p role="status" className={styles.note}>
        {common.revealedNow && common.code ? t`Here is your member code: ${common.code}. You also find it under My promo codes.` : null}
      </p>
      <Dialog
        open={common.status === 'failed'}
        title={t`Could not get the code`}
        message={i18n._(promoMessages.commonClaimFailed)}
        onClose={common.dismissError}
      >
        <Button onClick={common.claim}>{t`Try again`}</Button>
      </Dialog>
    </section>
  );
}

function UniqueCodeRow({ unique, clipboard }: { unique: UniquePromoView; clipboard: ClipboardView }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const capId = useId();
  const atCap = unique.status === 'capReached';
  const soldOut = unique.status === 'noCodesRemaining';
  return (
    <section className={styles.row} aria-labelledby={titleId} aria-busy={unique.busy}>
      <div className={styles.rowHeader}>
        <h2 id={titleId} className={styles.rowTitle}>{t`Your personal code`}</h2>
        <p className={styles.counter}>
          {t`Claimed`} <span data-counter>{`${unique.count}/${unique.cap}`}</span>
        </p>
      </div>
      {unique.earlierCodes.length > 0 || unique.codes.length > 0 ? (
        <ul className={styles.codes} aria-label={t`Your codes`}>
          {unique.earlierCodes.map((code) => (
            <li key={code}>
              <CopyableCode code={code} clipboard={clipboard} />
            </li>
          ))}
          {unique.codes.map((code) => (
            // A code claimed now appears where the member is looking, even when they claimed from the floating bar.
            <li key={code} ref={showClaimedCode}>
              <CopyableCode code={code} clipboard={clipboard} />
            </li>
          ))}
        </ul>
      ) : null}
      {unique.status === 'recalling' ? <p className={styles.note}>{t`Fetching the codes you claimed earlier…`}</p> : null}
      {soldOut ? null : (
        <div>
          <Button onClick={unique.claim} disabled={!unique.canClaim} aria-describedby={atCap ? capId : undefined}>
            {unique.busy ? t`Claiming…` : t`Claim code`}
          </Button>
        </div>
      )}
      {/* The row's outcome for screen readers: the new code, the cap, or that the last code went while the member looked. */}
      <p role="status" id={capId} className={styles.note}>
        {[
          unique.newestCode ? t`Here is your code: ${unique.newestCode}. You also find it under My promo codes.` : null,
          atCap ? `${i18n._(promoMessages.capReached)}. ${t`You have all the codes this offer gives one member.`}` : null,
          soldOut ? `${i18n._(promoMessages.noCodesRemaining)} ${t`Keep an eye on our other offers.`}` : null,
        ]
          .filter(Boolean)
          .join(' ')}
      </p>
      <Dialog
        open={unique.status === 'failed' || unique.status === 'needsSignIn'}
        title={t`Could not claim the code`}
        message={
          unique.status === 'needsSignIn'
            ? t`You must be logged in to be able to take advantage of this offer.`
            : i18n._(errorMessageFor({ code: unique.errorCode ?? 'unknown' }))
        }
        onClose={unique.dismissError}
      >
        {unique.status === 'failed' ? <Button onClick={unique.claim}>{t`Try again`}</Button> : null}
      </Dialog>
    </section>
  );
}
