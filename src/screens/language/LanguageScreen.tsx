import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { AppActor, appChild, sameViewValues, type LanguageRef } from '../../appActor.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { connectLanguage } from './language.connect.ts';
import * as styles from './language.css.ts';

/** /more/language: the app's language, applied at once and kept on this device and the member's record. */
export function LanguageScreen() {
  const languageRef = AppActor.useSelector((s) => appChild(s, 'language'));
  return languageRef ? <LanguageChoice languageRef={languageRef} /> : <Spinner />;
}

export function LanguageChoice({ languageRef }: { languageRef: LanguageRef }) {
  const { t } = useLingui();
  const view = useSelector(languageRef, (s) => connectLanguage(s, languageRef), sameViewValues);
  return (
    <main className={styles.page} aria-busy={view.switching}>
      <h1 className={styles.heading}>{t`Language`}</h1>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t`Choose the language of the app`}</legend>
        {view.options.map(({ language, name }) => (
          <label key={language} className={styles.option}>
            <input
              type="radio"
              name="language"
              className={styles.control}
              value={language}
              checked={view.chosen === language}
              onChange={() => view.choose(language)}
            />
            <span lang={language}>{name}</span>
          </label>
        ))}
      </fieldset>
    </main>
  );
}
