import { useLingui } from '@lingui/react/macro';
import { Button, ErrorView } from '../../components/index.ts';
import { AppActor } from '../../appActor.ts';
import { errorMessage } from '../../i18n/errorMessages.ts';

/** The error phase: icon, message from the error, and a mail link to the brand's contact. */
export function ErrorScreen() {
  const { t, i18n } = useLingui();
  const actor = AppActor.useActorRef();
  const code = AppActor.useSelector((s) => s.context.error?.code ?? 'unknown');
  const brand = AppActor.useSelector((s) => s.context.brand);
  const user = AppActor.useSelector((s) => s.context.member?.user ?? null);
  return (
    <main>
      <ErrorView
        heading={t`Something went wrong`}
        message={i18n._(errorMessage(code))}
        contactEmail={brand?.contact.email ?? ''}
        user={user ? { firstName: user.firstName, lastName: user.lastName, id: user.id } : null}
        icons={brand?.icons}
      >
        {code !== 'brand_not_found' && (
          <Button onClick={() => actor.send({ type: 'app.retry' })}>{t`Try again`}</Button>
        )}
      </ErrorView>
    </main>
  );
}
