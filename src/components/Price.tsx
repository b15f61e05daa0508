import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '../i18n/format.ts';
import * as styles from './price.css.ts';

export interface PriceProps {
  /** Minor units (öre). */
  amount: number;
  /** Shown struck through before the price when it differs (spec 9). */
  original?: number;
  currency: string;
  className?: string;
}

/** A price in the member's language, with the original price struck through when it differs. */
export function Price({ amount, original, currency, className }: PriceProps) {
  const { t, i18n } = useLingui();
  const now = formatMoney(amount, currency, i18n.locale);
  if (original === undefined || original === amount) return <span className={className}>{now}</span>;
  const before = formatMoney(original, currency, i18n.locale);
  return (
    <span className={className}>
      <s className={styles.original} aria-label={t`Original price ${before}`}>
        {before}
      </s>{' '}
      <span className={styles.current}>{now}</span>
    </span>
  );
}
