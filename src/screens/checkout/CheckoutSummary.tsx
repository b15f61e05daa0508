import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ShoppingCart } from '../../../contract/commerce.ts';
import { formatMoney, formatPercent } from '../../i18n/format.ts';
import * as styles from './checkout.css.ts';

/**
 * What is being paid for (spec 2.3 /checkout): the lines, fees, VAT and total of the cart the
 * checkout opened with, as the server priced them. Prices include VAT, so the VAT lines say
 * "incl." and are not added to the total.
 */
export function CheckoutSummary({ cart }: { cart: ShoppingCart }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const money = (amount: number) => formatMoney(amount, cart.currency, i18n.locale);
  return (
    <section className={styles.summary} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.summaryHeading}>{t`Your order`}</h2>
      <ul className={styles.summaryLines} aria-label={t`What you pay for`}>
        {cart.itemList.map((item) => (
          <li key={item.itemVariantId} className={styles.summaryLine}>
            <span>
              <span className={styles.summaryTitle}>{item.offerTitle}</span>
              <span className={styles.summaryMuted}>{t`${item.quantity} × ${item.itemVariant.title}`}</span>
            </span>
            <span className={styles.summaryValue}>{money(item.linePrice)}</span>
          </li>
        ))}
      </ul>
      <dl className={styles.summaryTotals} aria-label={t`Totals`}>
        {cart.totalCustomFeePrice > 0 ? (
          <div className={styles.summaryRow}>
            <dt>{t`Fees (included)`}</dt>
            <dd className={styles.summaryValue}>{money(cart.totalCustomFeePrice)}</dd>
          </div>
        ) : null}
        {cart.taxList.map((tax) => (
          <div key={tax.taxRateId} className={styles.summaryRow}>
            <dt>{t`incl. VAT ${formatPercent(tax.percentage, i18n.locale)}`}</dt>
            <dd className={styles.summaryValue}>{money(tax.amount)}</dd>
          </div>
        ))}
        <div className={`${styles.summaryRow} ${styles.total}`}>
          <dt>{t`Total`}</dt>
          <dd className={styles.summaryValue}>{money(cart.totalPrice)}</dd>
        </div>
      </dl>
    </section>
  );
}
