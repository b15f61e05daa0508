import { useLingui } from '@lingui/react/macro';
import { AppActor } from '../../appActor.ts';
import { detectDeviceProfile, readDeviceInput, type Os } from '../../domain/deviceProfile.ts';
import { errorMessage } from '../../i18n/errorMessages.ts';
import * as buttonStyles from '../../components/button.css.ts';
import * as styles from '../simplePage.css.ts';

/** Which store a device gets: the App Store on iOS, Google Play on Android, both elsewhere. */
export function storesFor(os: Os): Array<'appStore' | 'playStore'> {
  if (os === 'iOS') return ['appStore'];
  if (os === 'android') return ['playStore'];
  return ['appStore', 'playStore'];
}

/** Containers older than the brand's minimum version must update from the store (spec 2.6). */
export function ForceUpdateScreen() {
  const { t, i18n } = useLingui();
  const settings = AppActor.useSelector((s) => s.context.brand?.settings);
  const os = detectDeviceProfile(readDeviceInput(window)).os;
  const links = {
    appStore: { url: settings?.appStoreUrl, label: t`Open the App Store` },
    playStore: { url: settings?.playStoreUrl, label: t`Open Google Play` },
  };
  const shown = storesFor(os).filter((store) => links[store].url);
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>{t`Update required`}</h1>
      <p>{i18n._(errorMessage('force_update_required'))}</p>
      {shown.map((store, index) => (
        <a
          key={store}
          className={buttonStyles.variant[index === 0 ? 'primary' : 'secondary']}
          href={links[store].url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {links[store].label}
        </a>
      ))}
    </main>
  );
}
