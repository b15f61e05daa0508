import { useId, useRef } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { sameViewValues, type CartRef } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { Image } from '../../components/Image.tsx';
import { Price } from '../../components/Price.tsx';
import { QuantityPicker } from '../../components/QuantityPicker.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { errorMessage } from '../../i18n/errorMessages.ts';
import { formatEventDate, formatMoney, formatPercent } from '../../i18n/format.ts';
import { connectCart, type CapReached, type CartLineView } from './cart.connect.ts';
import * as styles from './cart.css.ts';

export interface CartViewProps {
  cartRef: CartRef;
  /** Goes to /checkout (and closes the drawer). */
  onCheckout: () => void;
}

/** The cart drawer's content (spec 2.3, 3, 9): lines, quantities, VAT per rate, totals, checkout. */
export function CartView({ cartRef, onCheckout }: CartViewProps) {
  const { t, i18n } = useLingui();
  const cart = useSelector(cartRef, (s) => connectCart(s, cartRef), sameViewValues);
  const money = (amount: number) => formatMoney(amount, cart.currency, i18n.locale);
  // A removed line takes its focused button with it: focus stays in the drawer, on the cart.
  const rootRef = useRef<HTMLDivElement>(null);
  const remove = (itemVariantId: string) => {
    rootRef.current?.focus();
    cart.remove(itemVariantId);
  };

  if (cart.status === 'loading') return <Spinner />;
  if (cart.status === 'failed') {
    return (
      <div className={styles.cart} role="alert">
        <p>{i18n._(errorMessage(cart.errorCode ?? 'unknown'))}</p>
        <Button onClick={cart.reload}>{t`Try again`}</Button>
      </div>
    );
  }
  return (
    <div ref={rootRef} tabIndex={-1} className={styles.cart} aria-busy={cart.saving}>
      {cart.errorCode && (
        <div role="alert">
          <p>{i18n._(errorMessage(cart.errorCode))}</p>
          <Button variant="text" onClick={cart.dismissError}>
            {t`OK`}
          </Button>
        </div>
      )}
      {cart.lines.length === 0 && cart.pendingCount === 0 ? (
        <p>{t`Your cart is empty`}</p>
      ) : (
        <>
          <ul className={styles.lines} aria-label={t`Items in the cart`}>
            {cart.lines.map((line) => (
              <CartLine key={line.itemVariantId} line={line} currency={cart.currency} onQuantity={cart.setQuantity} onRemove={remove} />
            ))}
          </ul>
          <dl className={styles.totals} aria-label={t`Totals`}>
            {cart.totalCustomFeePrice > 0 && (
              <>
                <dt>{t`Fees (included)`}</dt>
                <dd className={styles.value}>{money(cart.totalCustomFeePrice)}</dd>
              </>
            )}
            {cart.taxList.map((tax) => (
              <div key={tax.taxRateId} className={styles.row}>
                <dt>{t`incl. VAT ${formatPercent(tax.percentage, i18n.locale)}`}</dt>
                <dd className={styles.value}>{money(tax.amount)}</dd>
              </div>
            ))}
            <dt className={styles.total}>{t`Total`}</dt>
            <dd className={`${styles.value} ${styles.total}`} data-testid="cart-total">
              {money(cart.totalPrice)}
            </dd>
          </dl>
          <Button className={styles.checkout} onClick={onCheckout} disabled={cart.lines.length === 0}>
            {t`Go to checkout`}
          </Button>
        </>
      )}
    </div>
  );
}

interface CartLineProps {
  line: CartLineView;
  currency: string;
  onQuantity: (itemVariantId: string, offerId: string, value: number | string) => void;
  onRemove: (itemVariantId: string) => void;
}

function CartLine({ line, currency, onQuantity, onRemove }: CartLineProps) {
  const { t, i18n } = useLingui();
  const name = `${line.offerTitle}, ${line.variantTitle}`;
  const capId = useId();
  return (
    <li className={styles.line} aria-label={name}>
      <Image image={line.image} size="medium" sizes="72px" className={styles.thumb} />
      <div className={styles.lineBody}>
        <p className={styles.lineTitle}>{line.offerTitle}</p>
        <p className={styles.muted}>{line.variantTitle}</p>
        {line.date !== null && <p className={styles.muted}>{formatEventDate(line.date, i18n.locale)}</p>}
        {line.location && (
          <p className={styles.muted}>
            {line.location.address}, {line.location.city}
          </p>
        )}
        <p className={styles.muted}>
          {t`Each`} <Price amount={line.unitPrice} original={line.unitOriginalPrice} currency={currency} />
        </p>
        <div className={styles.lineFoot}>
          <QuantityPicker
            label={t`Quantity of ${name}`}
            showLabel={false}
            value={line.quantity}
            max={line.maxQuantity}
            onChange={(value) => onQuantity(line.itemVariantId, line.offerId, value)}
            maxReasonId={line.cap ? capId : undefined}
          />
          <Price amount={line.linePrice} original={line.lineOriginalPrice} currency={currency} />
        </div>
        {/* Always there, so a screen reader hears the cap when a press of + reaches it. */}
        <p id={capId} role="status" className={styles.capNote}>
          {line.cap && <CapNote cap={line.cap} />}
        </p>
        <button type="button" className={styles.remove} onClick={() => onRemove(line.itemVariantId)} aria-label={t`Remove ${name}`}>
          {t`Remove`}
        </button>
      </div>
    </li>
  );
}

/** "At most 8 tickets per member for this evening; you have 8.", and what of it was bought before. */
function CapNote({ cap }: { cap: CapReached }) {
  const { t } = useLingui();
  const { limit, have, bought } = cap;
  const rule = cap.evening
    ? t({
        message: plural(limit, {
          one: `At most # ticket per member for this evening; you have ${have}.`,
          other: `At most # tickets per member for this evening; you have ${have}.`,
        }),
      })
    : t`At most ${limit} per member; you have ${have}.`;
  return bought > 0 ? `${rule} ${t`You bought ${bought} of them earlier.`}` : rule;
}
