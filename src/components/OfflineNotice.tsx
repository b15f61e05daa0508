import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { AppActor, appChild, type ConnectionRef } from '../appActor.ts';
import * as styles from './offlineNotice.css.ts';

/** Says the app is offline and shows what this device saved (issue 26); gone when the network is back. */
export function OfflineNotice() {
  const connection = AppActor.useSelector((s) => appChild(s, 'connection'));
  return connection ? <Notice connection={connection} /> : null;
}

function Notice({ connection }: { connection: ConnectionRef }) {
  const { t } = useLingui();
  const offline = useSelector(connection, (s) => s.hasTag('offline'));
  // Only while offline: the spinner and the pages have status regions of their own.
  return offline ? (
    <p role="status" className={styles.notice}>
      {t`You are offline. Showing what was saved on this device.`}
    </p>
  ) : null;
}
