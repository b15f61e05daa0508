import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/TextField.tsx';
import type { CardField } from '../../../domain/cardForm.ts';
import { cardFieldMessages, checkoutMessage } from '../../i18n/checkoutMessages.ts';
import { formatMoney } from '../../i18n/format.ts';
import type { CheckoutView } from './checkout.connect.ts';
import * as styles from './checkout.css.ts';

const fieldOrder: CardField[] = ['name', 'email', 'cardNumber', 'expiry', 'cvc'];

/** The embedded provider's card form (spec 5): name, e-mail, card number, expiry MM/YY, CVC. */
export function CardPaymentForm({ view }: { view: CheckoutView }) {
  const { t, i18n } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const paying = view.status === 'paying';
  const fieldError = (field: CardField) => {
    const error = view.fieldErrors[field];
    return error ? i18n._(cardFieldMessages[error]) : undefined;
  };

  // After a refused submit, focus goes to the first field in error so it is read out and fixed first.
  const firstInvalid = fieldOrder.find((field) => view.fieldErrors[field]);
  useEffect(() => {
    if (firstInvalid) formRef.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
  }, [firstInvalid, view.fieldErrors]);

  const amount = view.session ? formatMoney(view.session.amountTotal, view.session.currency, i18n.locale) : '';
  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      aria-label={t`Card payment`}
      onSubmit={(event) => {
        event.preventDefault();
        view.pay();
      }}
    >
      <TextField name="name" label={t`Name on the card`} autoComplete="cc-name" value={view.form.name} onChange={(v) => view.edit('name', v)} error={fieldError('name')} disabled={paying} />
      <TextField name="email" type="email" label={t`E-mail`} autoComplete="email" value={view.form.email} onChange={(v) => view.edit('email', v)} error={fieldError('email')} disabled={paying} />
      <TextField
        name="cardNumber"
        label={t`Card number`}
        inputMode="numeric"
        autoComplete="cc-number"
        value={view.form.cardNumber}
        onChange={(v) => view.edit('cardNumber', v)}
        error={fieldError('cardNumber')}
        disabled={paying}
      />
      <div className={styles.row}>
        <TextField
          name="expiry"
          label={t`Expiry (MM/YY)`}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t({ message: 'MM/YY', comment: 'Expiry date placeholder: the letters for month and year in the language' })}
          value={view.form.expiry}
          onChange={(v) => view.edit('expiry', v)}
          error={fieldError('expiry')}
          disabled={paying}
        />
        <TextField name="cvc" label={t`CVC`} inputMode="numeric" autoComplete="cc-csc" value={view.form.cvc} onChange={(v) => view.edit('cvc', v)} error={fieldError('cvc')} disabled={paying} />
      </div>
      {view.refusal ? (
        <p role="alert" className={styles.refusal}>
          {i18n._(checkoutMessage(view.refusal))}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={paying} aria-busy={paying}>
          {paying ? t`Paying…` : t`Pay ${amount}`}
        </Button>
        <Button variant="secondary" onClick={view.cancel} disabled={paying}>
          {t`Cancel payment`}
        </Button>
      </div>
    </form>
  );
}
