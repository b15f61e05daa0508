import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { BankIdDevice } from '../../../machines/bankIdSignIn.machine.ts';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { errorMessage } from '../../i18n/errorMessages.ts';
import * as styles from './bankId.css.ts';
import * as page from './signIn.css.ts';
import type { BankIdOrderProps } from './BankIdOrder.tsx';

/** Downloads the order's view with its wiring (given by the auth routes). */
export type LoadBankIdOrder = () => Promise<{ default: ComponentType<BankIdOrderProps> }>;

/** What a press asked for; each attempt gets a fresh import, as React keeps a failed one failed. */
interface Request {
  device: BankIdDevice;
  attempt: number;
}

/**
 * The bank-eID part of the sign-in screen. Only its two buttons are in the first load: the order's
 * machine and view download when the member presses one, and start the order in that mode.
 */
export function BankIdSignIn({ loadOrder }: { loadOrder: LoadBankIdOrder }) {
  const { t } = useLingui();
  const [request, setRequest] = useState<Request | null>(null);
  const attempt = request?.attempt ?? 0;
  const BankIdOrder = useMemo(() => {
    const retry = (device: BankIdDevice) => setRequest({ device, attempt: attempt + 1 });
    return lazy(() => loadOrder().catch(() => ({ default: () => <OrderUnavailable onRetry={retry} /> })));
  }, [attempt, loadOrder]);

  return (
    <section className={styles.section} aria-labelledby="bankid-heading">
      <h2 id="bankid-heading" className={styles.heading}>{t`Or identify with BankID`}</h2>
      {request ? (
        <Suspense fallback={<Spinner />}>
          <BankIdOrder device={request.device} startButtons={startButtons} />
        </Suspense>
      ) : (
        startButtons((device) => setRequest({ device, attempt }))
      )}
    </section>
  );
}

/** The two ways to start: this device's BankID app, or the app on another device (the order view shows them again). */
function startButtons(onStart: (device: BankIdDevice) => void) {
  return <StartButtons onStart={onStart} />;
}

function StartButtons({ onStart }: { onStart: (device: BankIdDevice) => void }) {
  const { t } = useLingui();
  return (
    <>
      <Button fullWidth onClick={() => onStart('sameDevice')}>{t`Sign in with BankID`}</Button>
      <Button fullWidth variant="secondary" onClick={() => onStart('otherDevice')}>{t`BankID on another device`}</Button>
    </>
  );
}

/** The order's code could not be downloaded: a network error, and the buttons to try again. */
function OrderUnavailable({ onRetry }: { onRetry: (device: BankIdDevice) => void }) {
  const { i18n } = useLingui();
  const message = useRef<HTMLParagraphElement>(null);
  // The pressed button is gone: the message takes the focus, as an order's outcome does.
  useEffect(() => message.current?.focus(), []);
  return (
    <>
      <p ref={message} tabIndex={-1} className={page.formError} role="alert">
        {i18n._(errorMessage('failed_to_fetch'))}
      </p>
      {startButtons(onRetry)}
    </>
  );
}
