import { useRef, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { otherCardCodeLength } from '../../../domain/referral.ts';
import * as styles from './setUp.css.ts';

export interface CardDigitsProps {
  digits: string[];
  /** Writes digits into the boxes from `index` on. */
  onEnter: (index: number, digits: string) => void;
  onErase: (index: number) => void;
  invalid: boolean;
  describedBy?: string;
  disabled?: boolean;
}

export const cardDigitsId = 'setup-card-digits';

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/** The "Annat" card's first six digits: one digit per box, focus moves on as the member types. */
export function CardDigits({ digits, onEnter, onErase, invalid, describedBy, disabled }: CardDigitsProps) {
  const { t } = useLingui();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const last = otherCardCodeLength - 1;
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(index, last))]?.focus();

  const onChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    if (value === '') return onErase(index);
    let typed = onlyDigits(value);
    if (!typed) return;
    // The box kept its old digit beside the new one (caret not on it): the new one wins.
    const old = digits[index];
    if (old && typed.length > 1) typed = typed.replace(old, '') || old;
    onEnter(index, typed);
    focusBox(index + typed.length);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      // Each press erases one digit: this box's, or the one before when this is empty.
      const erase = digits[index] ? index : index - 1;
      if (erase >= 0) onErase(erase);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = onlyDigits(event.clipboardData.getData('text'));
    if (!pasted) return;
    // A whole card prefix fills every box, wherever it is pasted.
    const from = pasted.length >= otherCardCodeLength ? 0 : index;
    onEnter(from, pasted.slice(0, otherCardCodeLength - from));
    focusBox(from + pasted.length);
  };

  return (
    <fieldset className={styles.fieldset} aria-describedby={describedBy}>
      <legend className={styles.legend}>{t`First six digits of your card`}</legend>
      <div id={cardDigitsId} className={styles.digits}>
        {digits.map((digit, index) => {
          const position = index + 1;
          return (
            <input
              key={index}
              ref={(element) => {
                boxes.current[index] = element;
              }}
              className={styles.digit}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              aria-label={t`Digit ${position} of ${otherCardCodeLength}`}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              value={digit}
              disabled={disabled}
              onChange={onChange(index)}
              onKeyDown={onKeyDown(index)}
              onPaste={onPaste(index)}
              onFocus={(event) => event.target.select()}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
