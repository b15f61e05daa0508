import { useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Icon } from './Icon.tsx';
import { cx } from './cx.ts';
import * as styles from './textField.css.ts';

type NativeInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type' | 'id'>;

export interface TextFieldProps extends NativeInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel' | 'number' | 'search' | 'url';
  /** Shown under the input; marks the input invalid (red border, aria-invalid). */
  error?: string;
  /** Called when Enter is pressed in the input (e.g. submit the form's intent). */
  onEnter?: () => void;
  id?: string;
}

export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  error,
  onEnter,
  id,
  className,
  onKeyDown,
  ...rest
}: TextFieldProps) {
  const { t } = useLingui();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const [passwordVisible, setPasswordVisible] = useState(false);
  const isPassword = type === 'password';
  const hasError = Boolean(error);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.key === 'Enter' && onEnter && !event.nativeEvent.isComposing) onEnter();
  };

  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputRow}>
        <input
          {...rest}
          id={inputId}
          type={isPassword && passwordVisible ? 'text' : type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={handleKeyDown}
          aria-invalid={hasError || undefined}
          aria-describedby={[rest['aria-describedby'], hasError && errorId].filter(Boolean).join(' ') || undefined}
          className={cx(styles.input, isPassword && styles.inputWithToggle)}
        />
        {isPassword ? (
          <button
            type="button"
            className={styles.toggle}
            aria-label={passwordVisible ? t`Hide password` : t`Show password`}
            aria-controls={inputId}
            onClick={() => setPasswordVisible((visible) => !visible)}
          >
            <Icon name={passwordVisible ? 'eyeOff' : 'eye'} />
          </button>
        ) : null}
      </div>
      {hasError ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
