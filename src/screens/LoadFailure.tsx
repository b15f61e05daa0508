import { useLingui } from '@lingui/react/macro';
import { Button } from '../components/Button.tsx';
import { errorMessageFor } from '../i18n/errorMessages.ts';

/** A list page whose list did not load: the error's text ('No network connection' offline) and a way to try again. */
export function LoadFailure({ errorCode, onRetry }: { errorCode: string | null; onRetry: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <div role="alert">
      <p>{i18n._(errorMessageFor({ code: errorCode ?? 'could_not_fetch' }, navigator.onLine))}</p>
      <Button onClick={onRetry}>{t`Try again`}</Button>
    </div>
  );
}
