import { useLingui } from '@lingui/react/macro';
import { AppActor, appChild } from '../../appActor.ts';
import type { LoadBankIdOrder } from './BankIdSignIn.tsx';
import { SignInForm } from './SignInForm.tsx';
import { AuthLinks } from './AuthLinks.tsx';
import * as styles from './signIn.css.ts';

export interface SignInScreenProps {
  /** The BankID order's view with its wiring, downloaded when the member starts one. */
  loadBankIdOrder: LoadBankIdOrder;
  /** Shown when the brand lets visitors browse: back to the offers without signing in. */
  onBrowse?: () => void;
}

/** The auth stack's sign-in page (spec 2.5). */
export function SignInScreen({ loadBankIdOrder, onBrowse }: SignInScreenProps) {
  const { t } = useLingui();
  const ref = AppActor.useSelector((s) => appChild(s, 'signIn'));
  const brand = AppActor.useSelector((s) => s.context.brand);
  if (!ref) return null;
  return (
    <main className={styles.page}>
      {brand && <img className={styles.logo} src={brand.logoUrl} alt={brand.name} />}
      <h1 className={styles.heading}>{t`Sign in`}</h1>
      <SignInForm signInRef={ref} loadBankIdOrder={loadBankIdOrder} />
      <AuthLinks />
      {onBrowse && (
        <button type="button" className={styles.textButton} onClick={onBrowse}>
          {t`Browse the offers without signing in`}
        </button>
      )}
    </main>
  );
}
