import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/index.ts';
import { AppActor } from '../../appActor.ts';
import * as styles from '../simplePage.css.ts';

/**
 * The set-up phase for members who have not completed onboarding. The account-completion
 * form comes with the accounts work; until then this says what is missing.
 */
export function SetUpScreen() {
  const { t } = useLingui();
  const actor = AppActor.useActorRef();
  const user = AppActor.useSelector((s) => s.context.member?.user ?? null);
  const brand = AppActor.useSelector((s) => s.context.brand);
  const missing = [
    !user?.phoneNumber && t`your phone number`,
    t`a password of your own`,
    brand && brand.settings.referralCodeInputType !== 'none' && t`your referral code or bank card`,
  ].filter((item): item is string => Boolean(item));
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>{t`Complete your account`}</h1>
      <p>{t`Before you can use the app we need a few more details:`}</p>
      <ul>
        {missing.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className={styles.muted}>{t`Account completion will be available here soon.`}</p>
      <Button variant="secondary" onClick={() => actor.send({ type: 'app.signOut' })}>
        {t`Sign out`}
      </Button>
    </main>
  );
}
