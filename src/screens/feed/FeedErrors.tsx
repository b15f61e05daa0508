import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { usePage } from '../../navigation/pageContext.ts';
import * as styles from './feed.css.ts';

/** The first page could not load: the whole page says so and offers a retry. */
export function FeedLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <main className={styles.page}>
      <p role="alert">{t`Could not fetch the data just now. Please try again.`}</p>
      <Button onClick={onRetry}>{t`Try again`}</Button>
    </main>
  );
}

/** A further page could not load: told in an error dialog (spec 8), shown only on the visible page. */
export function LoadMoreFailedDialog({ open, onRetry, onDismiss }: { open: boolean; onRetry: () => void; onDismiss: () => void }) {
  const { t } = useLingui();
  const { visible } = usePage();
  return (
    <Dialog
      open={open && visible}
      title={t`Something went wrong`}
      message={t`Could not fetch the data just now. Please try again.`}
      onClose={onDismiss}
      onYes={onRetry}
      yesLabel={t`Try again`}
    />
  );
}
