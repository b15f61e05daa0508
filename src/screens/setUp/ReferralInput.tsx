import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TextField } from '../../components/TextField.tsx';
import { referralCardOptions } from '../../../domain/referral.ts';
import { otherCardIndex } from '../../../domain/setUpForm.ts';
import { CardDigits } from './CardDigits.tsx';
import type { SetUpView } from './setUp.connect.ts';
import * as styles from './setUp.css.ts';

/** The card names are the product's own, the same in every language; the last choice is "other card". */
const cardNames = referralCardOptions.map((option) => option.label);

export const referralFieldId = 'setup-referral';

/** The brand's referral input (settings.referralCodeInputType): bank-card choice, code, text or nothing. */
export function ReferralInput({ view, error }: { view: SetUpView; error?: string }) {
  const { t } = useLingui();
  const cardChoices = [...cardNames, t`Other`];
  const errorId = useId();
  const hintId = useId();
  if (view.inputType === 'none') return null;

  if (view.inputType === 'options') {
    return (
      <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
        <legend className={styles.legend}>{t`Your bank card`}</legend>
        <div className={styles.cards}>
          {cardChoices.map((label, index) => (
            <label key={label} className={styles.card}>
              <input
                id={index === 0 ? referralFieldId : undefined}
                className={styles.radio}
                type="radio"
                name="setup-card"
                checked={view.card === index}
                disabled={view.busy}
                onChange={() => view.chooseCard(index)}
              />
              {label}
            </label>
          ))}
        </div>
        {view.card === otherCardIndex && (
          <CardDigits
            digits={view.cardDigits}
            onEnter={view.enterCardDigits}
            onErase={view.eraseCardDigit}
            invalid={Boolean(error)}
            describedBy={error ? errorId : undefined}
            disabled={view.busy}
          />
        )}
        {error && (
          <p id={errorId} className={styles.fieldError}>
            {error}
          </p>
        )}
      </fieldset>
    );
  }

  return (
    <>
      <TextField
        id={referralFieldId}
        label={t`Referral code`}
        value={view.referralCode}
        onChange={view.setReferralCode}
        maxLength={view.fieldLength}
        autoComplete="off"
        autoCapitalize={view.inputType === 'code' ? 'characters' : undefined}
        spellCheck={false}
        aria-describedby={view.hint ? hintId : undefined}
        error={error}
        disabled={view.busy}
      />
      {view.hint && (
        <p id={hintId} className={styles.hint}>
          {view.hint}
        </p>
      )}
    </>
  );
}
