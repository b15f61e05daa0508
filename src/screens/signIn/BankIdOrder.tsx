import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { createActor } from 'xstate';
import type { bankIdSignInMachine, BankIdDevice } from '../../../machines/bankIdSignIn.machine.ts';
import { sameViewValues } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { errorMessage } from '../../i18n/errorMessages.ts';
import { bankIdIntents, connectBankId, type BankIdRef } from './bankId.connect.ts';
import * as styles from './bankId.css.ts';
import * as page from './signIn.css.ts';

/** Drawn by qrcode-generator, loaded only when a QR code is wanted; if it cannot load, the QR code failed. */
const BankIdQrCode = lazy(() =>
  import('./BankIdQrCode.tsx').then(
    (module) => ({ default: module.BankIdQrCode }),
    () => ({ default: QrCodeUnavailable }),
  ),
);

function QrCodeUnavailable({ onFailed }: { onFailed: () => void }) {
  useEffect(onFailed, [onFailed]);
  return null;
}

type OrderLogic = typeof bankIdSignInMachine;

/**
 * The order's actor. It is not stopped with the view: a member who leaves mid-order sends
 * bankId.left, and the machine gives the order up at the server and then ends by itself.
 * StrictMode's trial unmount is followed at once by a remount, which takes the leave back.
 */
function useOrderActor(logic: OrderLogic): BankIdRef {
  const [ref] = useState(() => createActor(logic));
  const mounts = useRef(0);
  useEffect(() => {
    ref.start();
    const mount = ++mounts.current;
    const { leave } = bankIdIntents(ref);
    return () => queueMicrotask(() => mount === mounts.current && leave());
  }, [ref]);
  return ref;
}

/** BankID's recommended texts while an order waits, per hint code and device. */
const hintText = {
  sameDevice: msg`Open the BankID app to identify yourself.`,
  otherDevice: msg`Start the BankID app on your other device and scan the QR code.`,
  started: msg`Searching for BankID, it may take a little while…`,
  userSign: msg`Enter your security code in the BankID app and select Identify.`,
};

/**
 * A BankID order, started in the mode the member pressed (BankIdSignIn.tsx loads this file then):
 * the autostart link or the animated QR code while collecting, then its outcome and a new start
 * (with the section's own start buttons, passed in so they stay in the first load only once).
 */
export interface BankIdOrderProps {
  device: BankIdDevice;
  startButtons: (onStart: (device: BankIdDevice) => void) => ReactNode;
}

export function BankIdOrder({ device, startButtons, logic }: BankIdOrderProps & { logic: OrderLogic }) {
  const { t, i18n } = useLingui();
  const ref = useOrderActor(logic);
  const view = useSelector(ref, (s) => connectBankId(s, ref), sameViewValues);
  const intents = useMemo(() => bankIdIntents(ref), [ref]);
  // The press that loaded this view is the member's start (a second send while starting is ignored).
  useEffect(() => intents.start(device), [intents, device]);

  const status = useRef<HTMLDivElement>(null);
  // A pressed button, Cancel or the link left with the phase: keyboard and screen reader go on from the status.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) status.current?.focus();
  }, [view.phase]);

  // Idle only until the start above arrives: shown as starting, not as buttons that flash by.
  const starting = view.phase === 'idle' || view.phase === 'starting';
  const waiting = view.phase === 'sameDevice' || view.phase === 'otherDevice';
  const hint =
    view.hintCode === 'started' || view.hintCode === 'userSign' ? hintText[view.hintCode] : view.phase === 'otherDevice' ? hintText.otherDevice : hintText.sameDevice;

  return (
    <>
      <div ref={status} tabIndex={-1} role="group" aria-labelledby="bankid-heading" className={styles.status}>
        {view.outcomeCode && (
          <p className={page.formError} role="alert">
            {i18n._(errorMessage(view.outcomeCode))}
          </p>
        )}
        {(starting || view.phase === 'signingIn') && <Spinner />}
        {view.phase === 'otherDevice' &&
          (view.qrCode ? (
            <Suspense fallback={<Spinner />}>
              <BankIdQrCode content={view.qrCode} label={t`QR code to scan with the BankID app`} onFailed={intents.qrFailed} />
            </Suspense>
          ) : (
            <Spinner />
          ))}
        {waiting && (
          <p className={styles.hint} role="status">
            {i18n._(hint)}
          </p>
        )}
      </div>
      {view.canStart && !starting && startButtons(view.start)}
      {view.phase === 'sameDevice' && view.autoStartLink && (
        <a className={styles.link} href={view.autoStartLink}>{t`Open BankID`}</a>
      )}
      {view.phase === 'sameDevice' && import.meta.env.DEV && view.simulatedAppLink && (
        <a className={styles.link} href={view.simulatedAppLink} target="_blank" rel="noreferrer">
          {t`Open the simulated BankID app`}
        </a>
      )}
      {view.canCancel && (
        <Button fullWidth variant="text" onClick={view.cancel}>{t`Cancel`}</Button>
      )}
    </>
  );
}
