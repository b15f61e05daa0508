import { useEffect, useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { visuallyHidden } from '../theme/index.ts';
import * as styles from './quantityPicker.css.ts';

export interface QuantityPickerProps {
  /** The accessible name of the number field (e.g. "Quantity" or "Quantity of Standing"). */
  label: string;
  value: number;
  /** The highest quantity allowed; null when there is no limit. */
  max: number | null;
  /**
   * A new quantity: from the − and + buttons as a number, from the field as typed (the
   * machine clamps it: anything non-numeric becomes 1, spec 5).
   */
  onChange: (value: number | string) => void;
  /** Show the label above the field (the dialog) or only to assistive technology (cart lines). */
  showLabel?: boolean;
  /** The id of the text that tells why the maximum is what it is (the + button's description). */
  maxReasonId?: string;
}

/**
 * A quantity: − and + buttons around a number field. What the member types is kept while they
 * type and handed on when they leave the field or press Enter, so clearing the field to type a
 * new number does not snap back to 1 on the way.
 */
export function QuantityPicker({ label, value, max, onChange, showLabel = true, maxReasonId }: QuantityPickerProps) {
  const { t } = useLingui();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  useEffect(() => setDraft(null), [value]);
  const commit = () => {
    if (draft !== null) onChange(draft);
    setDraft(null);
  };
  return (
    <div>
      <label htmlFor={id} className={showLabel ? styles.legend : visuallyHidden}>
        {label}
      </label>
      <div className={styles.picker}>
        <button type="button" className={styles.step} aria-label={t`Decrease ${label}`} disabled={value <= 1} onClick={() => onChange(value - 1)}>
          −
        </button>
        <input
          id={id}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={1}
          max={max ?? undefined}
          step={1}
          value={draft ?? String(value)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        <button
          type="button"
          className={styles.step}
          aria-label={t`Increase ${label}`}
          aria-describedby={maxReasonId}
          disabled={max !== null && value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
