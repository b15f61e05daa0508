import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { vouchersMachine } from '../../../machines/vouchers.machine.ts';
import { sameViewValues } from '../../appActor.ts';
import { Image } from '../../components/Image.tsx';
import { Spinner } from '../../components/Spinner.tsx';
// Not in the components index, which loads with the sign-in page.
import { connectClipboard, type ClipboardRef } from '../../components/clipboard.connect.ts';
import { CopyableCode } from '../../components/CopyableCode.tsx';
import type { ClaimedCodeGroup } from '../../domain/claimedCodes.ts';
import { AppLink } from '../../navigation/AppLink.tsx';
import { connectVouchers } from './vouchers.connect.ts';
import * as styles from './vouchers.css.ts';
import { formatDay } from '../../i18n/format.ts';
import { LoadFailure } from '../LoadFailure.tsx';

/** /more/voucher (spec 2.3): the member's claimed promo codes, grouped by offer, newest first. */
export function VouchersScreen({ logic }: { logic: typeof vouchersMachine }) {
  const { t } = useLingui();
  const ref = useActorRef(logic);
  const view = useSelector(ref, (s) => connectVouchers(s, ref), sameViewValues);
  return (
    <main className={styles.page} aria-busy={view.status === 'loading'}>
      <h1 className={styles.heading}>{t`My promo codes`}</h1>
      {view.status === 'loading' ? <Spinner /> : null}
      {view.status === 'failed' ? <LoadFailure errorCode={view.errorCode} onRetry={view.retry} /> : null}
      {view.status === 'empty' ? (
        <p className={styles.muted}>{t`You have not claimed any promo codes yet. Claim them on the offers that have them.`}</p>
      ) : null}
      {view.status === 'listed' && view.clipboardRef ? <CodeGroups groups={view.groups} clipboardRef={view.clipboardRef} /> : null}
    </main>
  );
}

function CodeGroups({ groups, clipboardRef }: { groups: ClaimedCodeGroup[]; clipboardRef: ClipboardRef }) {
  const { t, i18n } = useLingui();
  const clipboard = useSelector(clipboardRef, (s) => connectClipboard(s, clipboardRef), sameViewValues);
  return (
    <ul className={styles.groups} aria-label={t`Promo codes by offer`}>
      {groups.map((group) => (
        <li key={group.offerId} className={styles.group}>
          <Image image={group.offer.puffImage} size="medium" sizes="96px" className={styles.image} />
          <div className={styles.groupBody}>
            <h2 className={styles.offerTitle}>
              <AppLink href={group.path} className={styles.offerLink}>
                {group.offer.title}
              </AppLink>
            </h2>
            <ul className={styles.codes} aria-label={t`Codes for ${group.offer.title}`}>
              {group.codes.map(({ code, kind, claimedAt }) => (
                <li key={`${kind}:${code}`}>
                  <p className={styles.claimedAt}>
                    {kind === 'common' ? t`Member code, the same for every member. Shown on` : t`Claimed on`}{' '}
                    <time dateTime={claimedAt}>{formatDay(claimedAt, i18n.locale)}</time>
                  </p>
                  <CopyableCode code={code} clipboard={clipboard} />
                </li>
              ))}
            </ul>
          </div>
        </li>
      ))}
    </ul>
  );
}
