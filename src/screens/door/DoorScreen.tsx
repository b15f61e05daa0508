import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { doorScanMachine, DoorScanInput } from '../../../machines/doorScan.machine.ts';
import type { DoorEvening, DoorPackTicket, DoubleEntry, ScanOutcome } from '../../../contract/door.ts';
import type { Viewfinder } from '../../services/doorCamera.ts';
import { sameViewValues } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { TextField } from '../../components/TextField.tsx';
import { formatClockTime, formatEventDate } from '../../i18n/format.ts';
import { LoadFailure } from '../LoadFailure.tsx';
import { usePage } from '../../navigation/pageContext.ts';
import { connectDoor, type DoorAnswer } from './door.connect.ts';
import * as styles from './door.css.ts';

type DoorView = ReturnType<typeof connectDoor>;

/**
 * /door (issue 43): door staff pick the evening, then scan ticket after ticket; each answer
 * fills the screen (green in, amber seen before, red refused) until "Next ticket".
 */
export function DoorScreen({ logic, input, viewfinder }: { logic: typeof doorScanMachine; input: DoorScanInput; viewfinder: Viewfinder }) {
  const { t } = useLingui();
  const ref = useActorRef(logic, { input });
  const view = useSelector(ref, (s) => connectDoor(s, ref), sameViewValues);
  // The page stays mounted in its stack while More shows: the camera stops meanwhile.
  const { visible } = usePage();
  const showPage = view.showPage;
  // Only when it changes: showPage is the same intent whichever snapshot made it.
  useEffect(() => showPage(visible), [visible]);
  const busy = view.step === 'loadingEvenings' || view.step === 'loadingPack';
  return (
    <main className={styles.page} aria-busy={busy}>
      <h1 className={styles.heading}>{t`Door`}</h1>
      {view.step === 'loadingEvenings' || view.step === 'loadingPack' ? <Spinner /> : null}
      {view.step === 'eveningsFailed' || view.step === 'packFailed' ? <LoadFailure errorCode={view.errorCode} onRetry={view.retry} /> : null}
      {view.step === 'choosing' ? <EveningChoice view={view} /> : null}
      {view.heldEvening ? (
        <Button variant="secondary" onClick={view.backToEvening}>
          {t`Back to ${view.heldEvening.title}`}
        </Button>
      ) : null}
      {view.evening && view.step !== 'choosing' && view.step !== 'loadingPack' ? <Scanner view={view} evening={view.evening} viewfinder={viewfinder} /> : null}
    </main>
  );
}

function EveningChoice({ view }: { view: DoorView }) {
  const { t, i18n } = useLingui();
  return (
    <>
      <TextField
        label={t`Name of this door`}
        value={view.door}
        onChange={view.nameDoor}
        maxLength={40}
        autoComplete="off"
        error={view.doorNameValid ? undefined : t`Name the door first, such as "Main entrance".`}
      />
      {view.errorCode ? <p role="alert">{t`The evening could not be loaded. Try again.`}</p> : null}
      {view.evenings.length === 0 ? (
        <p className={styles.muted}>{t`No ticketed evening starts within the next 36 hours.`}</p>
      ) : (
        <ul className={styles.evenings} aria-label={t`Evenings`}>
          {view.evenings.map((evening) => (
            <li key={evening.eveningId}>
              <button type="button" className={styles.eveningButton} disabled={!view.doorNameValid} onClick={() => view.chooseEvening(evening.eveningId)}>
                <span className={styles.eveningTitle}>{evening.title}</span>
                <span>
                  {formatEventDate(Date.parse(evening.startsAt), i18n.locale)}
                  {evening.city ? ` · ${evening.city}` : ''}
                </span>
                <span>{t`${evening.admitted} of ${evening.sold} admitted`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Scanner({ view, evening, viewfinder }: { view: DoorView; evening: DoorEvening; viewfinder: Viewfinder }) {
  const { t, i18n } = useLingui();
  const [code, setCode] = useState('');
  const submit = () => {
    view.enterCode(code);
    setCode('');
  };
  return (
    <>
      <div className={styles.bar}>
        <div>
          <p className={styles.eveningTitle}>{evening.title}</p>
          <p className={styles.muted}>
            {formatEventDate(Date.parse(evening.startsAt), i18n.locale)}
            {evening.city ? ` · ${evening.city}` : ''} · {t`Door: ${view.door}`}
          </p>
        </div>
        <p className={styles.count} aria-label={t`${evening.admitted} admitted of ${evening.sold} sold`}>
          {evening.admitted} / {evening.sold}
        </p>
      </div>
      <div className={styles.bar} role="status">
        {view.offline ? <span className={styles.badge}>{t`Offline: checking on this device`}</span> : null}
        {view.pendingCount > 0 ? <span>{t({ message: plural(view.pendingCount, { one: '# check-in waiting to sync', other: '# check-ins waiting to sync' }) })}</span> : null}
      </div>
      {view.pendingNotSaved ? <p role="alert">{t`This device could not save the check-ins waiting to sync. Keep this page open until they are synced.`}</p> : null}
      {view.doubleEntries.length > 0 ? <DoubleEntries entries={view.doubleEntries} /> : null}
      {view.refusedAtSync.length > 0 ? <RefusedAtSync tickets={view.refusedAtSync} /> : null}
      {view.cameraUnavailable ? (
        <div role="alert">
          <p>{t`The camera is not available. Type the ticket's code below.`}</p>
          <Button variant="secondary" onClick={view.retryCamera}>{t`Try the camera again`}</Button>
        </div>
      ) : (
        <video ref={viewfinder.attach} className={styles.viewfinder} muted playsInline aria-label={t`Camera: hold the ticket's QR code in view`} />
      )}
      {view.step === 'verifying' ? <Spinner /> : null}
      {view.errorCode && view.step === 'scanning' ? <p role="alert">{t`The ticket could not be checked. Try again.`}</p> : null}
      <form
        className={styles.manual}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField label={t`Ticket code`} value={code} onChange={setCode} autoComplete="off" spellCheck={false} />
        <Button type="submit" variant="secondary" disabled={code.trim() === '' || view.step !== 'scanning'}>{t`Check ticket`}</Button>
      </form>
      <Button variant="text" onClick={view.changeEvening} disabled={!view.canChangeEvening}>
        {t`Change evening or door`}
      </Button>
      {view.canChangeEvening ? null : <p className={styles.muted}>{t`The evening can be changed once every check-in is synced.`}</p>}
      {view.canDropPending ? <StuckSync view={view} /> : null}
      {view.answer && view.result ? <Answer answer={view.answer} result={view.result} offline={view.resultOffline} onNext={view.next} /> : null}
    </>
  );
}

/** The sync fails with an answer (the evening is gone, a bad request): the staff may leave, knowingly dropping what is not synced. */
function StuckSync({ view }: { view: DoorView }) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  return (
    <section role="alert" aria-label={t`Sync failed`}>
      <p>{t`The check-ins waiting to sync could not be sent (${view.syncErrorCode}). This device keeps trying.`}</p>
      {confirming ? (
        <>
          <p>{t`Changing the evening drops these check-ins; the server will never hear of them:`}</p>
          <ul className={styles.notices}>
            {view.pendingTickets.map((ticket) => (
              <li key={ticket.ticketId}>{ticket.holderName || ticket.ticketId}</li>
            ))}
          </ul>
          <Button variant="secondary" onClick={view.dropPendingAndChangeEvening}>{t`Drop them and change evening`}</Button>
          <Button variant="text" onClick={() => setConfirming(false)}>{t`Keep them`}</Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>{t`Change evening anyway`}</Button>
      )}
    </section>
  );
}

function DoubleEntries({ entries }: { entries: DoubleEntry[] }) {
  const { t, i18n } = useLingui();
  return (
    <section aria-label={t`Double entries`}>
      <ul className={styles.notices}>
        {entries.map((entry) => (
          <li key={entry.ticketId} className={styles.notice}>
            <strong>{t`Double entry: ${entry.holderName || t`a ticket`}`}</strong>{' '}
            {entry.entries.map((at) => t`${at.door} at ${formatClockTime(Date.parse(at.at), i18n.locale)}`).join(', ')}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Let in while offline, refused by the server at the sync: voided, or not this evening's after all. */
function RefusedAtSync({ tickets }: { tickets: DoorPackTicket[] }) {
  const { t } = useLingui();
  return (
    <section aria-label={t`Refused at sync`}>
      <ul className={styles.notices}>
        {tickets.map((ticket) => (
          <li key={ticket.ticketId} className={styles.notice}>
            {t`${ticket.holderName || t`A ticket`} was let in offline, but the server refused the ticket (cancelled, refunded or not for this evening).`}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The answer over the whole screen; its "Next ticket" takes the focus, and the verdict is announced. */
function Answer({ answer, result, offline, onNext }: { answer: DoorAnswer; result: ScanOutcome; offline: boolean; onNext: () => void }) {
  const { t } = useLingui();
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => next.current?.focus(), [result]);
  return (
    <div className={styles.result[answer]}>
      <div role="status" aria-live="assertive" aria-atomic="true">
        <p className={styles.verdict}>
          <Verdict result={result} />
        </p>
        <ResultFacts result={result} />
        {offline && result.outcome === 'admitted' ? <p>{t`Checked on this device; it syncs when the network is back.`}</p> : null}
      </div>
      <button ref={next} type="button" className={styles.nextButton} onClick={onNext}>
        {t`Next ticket`}
      </button>
    </div>
  );
}

function Verdict({ result }: { result: ScanOutcome }) {
  const { t } = useLingui();
  switch (result.outcome) {
    case 'admitted':
      return t`Admitted`;
    case 'alreadyAdmitted':
      return t`Already admitted`;
    case 'wrongEvening':
      return t`Wrong evening`;
    case 'wrongBrand':
      return t`Not a ticket of this venue`;
    case 'voided':
      return result.reason === 'refunded' ? t`Refunded ticket` : t`Cancelled ticket`;
    case 'forged':
      return t`Not a valid ticket`;
  }
}

function ResultFacts({ result }: { result: ScanOutcome }) {
  const { t, i18n } = useLingui();
  const evening = (startsAt: string) => (startsAt ? formatEventDate(Date.parse(startsAt), i18n.locale) : '');
  switch (result.outcome) {
    case 'admitted':
      return (
        <p className={styles.resultFacts}>
          <span>{result.ticket.holderName || t`Bought after this device loaded the list`}</span>
          {result.ticket.variantName ? <span>{result.ticket.variantName}</span> : null}
          <span>
            {result.ticket.eveningTitle}, {evening(result.ticket.startsAt)}
          </span>
        </p>
      );
    case 'alreadyAdmitted':
      return (
        <p className={styles.resultFacts}>
          <span>{t`At ${formatClockTime(Date.parse(result.at), i18n.locale)}, door ${result.door}`}</span>
          {result.ticket.holderName ? <span>{result.ticket.holderName}</span> : null}
        </p>
      );
    case 'wrongEvening':
      return (
        <p className={styles.resultFacts}>
          <span>
            {result.ticket.eveningTitle
              ? t`This ticket is for ${result.ticket.eveningTitle}, ${evening(result.ticket.startsAt)}`
              : t`This ticket is for another evening`}
          </span>
        </p>
      );
    case 'wrongBrand':
      return <p className={styles.resultFacts}>{t`The ticket belongs to another venue.`}</p>;
    case 'voided':
      return (
        <p className={styles.resultFacts}>
          {result.ticket.holderName ? <span>{result.ticket.holderName}</span> : null}
          <span>{result.reason === 'refunded' ? t`The ticket was refunded.` : t`The order was cancelled.`}</span>
        </p>
      );
    case 'forged':
      return <p className={styles.resultFacts}>{t`The code is not a ticket we signed.`}</p>;
  }
}
