import { useLingui } from '@lingui/react/macro';
import { Dialog } from '../../components/Dialog.tsx';
import { Price } from '../../components/Price.tsx';
import { QuantityPicker } from '../../components/QuantityPicker.tsx';
import type { VariantOption } from './ticketSelection.connect.ts';
import * as styles from './purchase.css.ts';

export interface AddToCartDialogProps {
  open: boolean;
  variant: VariantOption | null;
  quantity: number;
  maxQuantity: number;
  onQuantity: (value: number | string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The add-to-cart dialog (spec 2.3, 4, 5): a quantity from 1 to the variant's limit, then add. */
export function AddToCartDialog({ open, variant, quantity, maxQuantity, onQuantity, onConfirm, onCancel }: AddToCartDialogProps) {
  const { t } = useLingui();
  if (!variant) return null;
  return (
    <Dialog
      open={open}
      title={t`Add to cart`}
      message={
        <span>
          {variant.title} <Price amount={variant.price} original={variant.originalPrice} currency={variant.currency} />
        </span>
      }
      onClose={onCancel}
      onNo={onCancel}
      noLabel={t`Cancel`}
      onYes={onConfirm}
      yesLabel={t`Add to cart`}
    >
      <div className={styles.dialogBody}>
        <QuantityPicker label={t`Quantity`} value={quantity} max={maxQuantity} onChange={onQuantity} />
        <p className={styles.value}>
          {t`Total`}: <Price amount={variant.price * quantity} currency={variant.currency} />
        </p>
      </div>
    </Dialog>
  );
}
