import { useLingui } from '@lingui/react/macro';
import { AppActor } from '../../appActor.ts';
import * as styles from '../simplePage.css.ts';

/** Containers older than the brand's minimum version must update from the store. */
export function ForceUpdateScreen() {
  const { t } = useLingui();
  const settings = AppActor.useSelector((s) => s.context.brand?.settings);
  const isAndroid = /android/i.test(navigator.userAgent);
  const storeUrl = isAndroid ? settings?.playStoreUrl : settings?.appStoreUrl;
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>{t`Update required`}</h1>
      <p>{t`A newer version of the app is required. Please update to continue.`}</p>
      {storeUrl && <a href={storeUrl}>{isAndroid ? t`Open Google Play` : t`Open the App Store`}</a>}
    </main>
  );
}
