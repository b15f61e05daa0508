import { useLingui } from '@lingui/react/macro';
import { Button, ErrorView } from '../../components/index.ts';
import { AppActor } from '../../appActor.ts';
import { errorMessageFor } from '../../i18n/errorMessages.ts';

/** The error phase: icon, message from the error, and a mail link to the brand's contact. */
export function ErrorScreen() {
  const { t, i18n } = useLingui();
  const actor = AppActor.useActorRef();
  const code = AppActor.useSelector((s) => s.context.error?.code ?? 'unknown');
  const status = AppActor.useSelector((s) => s.context.error?.status ?? 0);
  const brand = AppActor.useSelector((s) => s.context.brand);
  const user = AppActor.useSelector((s) => s.context.member?.user ?? null);
  const sessionUser = AppActor.useSelector((s) => s.context.sessionUser);
  // Before the member has loaded only the uid is known; customer service can still find the account.
  const sender = user ?? (sessionUser ? { id: sessionUser.uid, firstName: '', lastName: '' } : null);
  return (
    <main>
      <ErrorView
        heading={t`Something went wrong`}
        message={i18n._(errorMessageFor({ status, code }, navigator.onLine))}
        contactEmail={brand?.contact.email ?? ''}
        user={sender ? { firstName: sender.firstName, lastName: sender.lastName, id: sender.id } : null}
        icons={brand?.icons}
      >
        {code !== 'brand_not_found' && (
          <Button onClick={() => actor.send({ type: 'app.retry' })}>{t`Try again`}</Button>
        )}
      </ErrorView>
    </main>
  );
}
