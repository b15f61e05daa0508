import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/Button.tsx';
import { ErrorView } from '../../components/ErrorView.tsx';
import { AppActor, sameViewValues } from '../../appActor.ts';
import { errorMessageFor } from '../../i18n/errorMessages.ts';
import { connectError } from './error.connect.ts';

/** The error phase: icon, message from the error, and a mail link to the brand's contact. */
export function ErrorScreen() {
  const { t, i18n } = useLingui();
  const app = AppActor.useActorRef();
  const view = AppActor.useSelector((s) => connectError(s, app), sameViewValues);
  const brand = AppActor.useSelector((s) => s.context.brand);
  const { sender } = view;
  return (
    <main>
      <ErrorView
        heading={t`Something went wrong`}
        message={i18n._(errorMessageFor({ status: view.status, code: view.code }, navigator.onLine))}
        contactEmail={brand?.contact.email ?? ''}
        user={sender ? { firstName: sender.firstName, lastName: sender.lastName, id: sender.id } : null}
        icons={brand?.icons}
      >
        {view.canRetry && <Button onClick={view.retry}>{t`Try again`}</Button>}
      </ErrorView>
    </main>
  );
}
