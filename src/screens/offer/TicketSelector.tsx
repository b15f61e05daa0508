import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Price } from '../../components/Price.tsx';
import { formatEventTime } from '../../i18n/format.ts';
import type { TicketSelectionView, VariantOption } from './ticketSelection.connect.ts';
import * as styles from './purchase.css.ts';

/**
 * The variant selector (spec 2.3, 4): tickets cascade city → time → ticket (title and price,
 * shown when several share the time); merchandise has one selector. Availability and the
 * sold-out or ended text follow the selection.
 */
export function TicketSelector({ view }: { view: TicketSelectionView }) {
  const { t, i18n } = useLingui();
  const statusId = useId();
  if (view.status === 'nothingToSell') return null;
  if (view.cities.length === 0 && view.itemOptions.length === 0) {
    // The whole offer has ended: no pickers, only the spec's text.
    return (
      <section className={styles.selector} aria-label={t`Tickets`}>
        <SelectionNotice status={view.status} id={statusId} />
      </section>
    );
  }
  const optionLabel = (option: VariantOption) =>
    option.available === 0 ? t`${option.title} (sold out)` : option.title;
  return (
    <section className={styles.selector} aria-label={view.kind === 'ticket' ? t`Tickets` : t`Choose a variant`} aria-describedby={statusId}>
      {view.kind === 'ticket' ? (
        <>
          <Picker
            label={t`City`}
            placeholder={t`Choose a city`}
            value={view.city}
            options={view.cities.map((city) => ({ value: city, label: city }))}
            onChange={view.selectCity}
          />
          {view.city !== null && (
            <Picker
              label={t`Time`}
              placeholder={t`Choose a time`}
              value={view.time === null ? null : String(view.time)}
              options={view.times.map((time) => ({ value: String(time), label: formatEventTime(time, i18n.locale) }))}
              onChange={(value) => view.selectTime(Number(value))}
            />
          )}
          {view.ticketOptions.length > 1 && (
            <Picker
              label={t`Ticket`}
              placeholder={t`Choose a ticket`}
              value={view.variantId}
              options={view.ticketOptions.map((option) => ({ value: option.id, label: optionLabel(option) }))}
              onChange={view.selectTicket}
            />
          )}
        </>
      ) : (
        <Picker
          label={t`Variant`}
          placeholder={t`Choose a variant`}
          value={view.variantId}
          options={view.itemOptions.map((option) => ({ value: option.id, label: optionLabel(option) }))}
          onChange={view.selectItem}
        />
      )}
      {view.selected && view.selectedVariant && (
        <dl className={styles.details}>
          <div>
            <dt className={styles.label}>{view.selected.title}</dt>
            <dd className={styles.value}>
              <Price amount={view.selected.price} original={view.selected.originalPrice} currency={view.selected.currency} />
            </dd>
          </div>
          {view.selectedVariant.location && (
            <div>
              <dt className={styles.label}>{t`Place`}</dt>
              <dd className={styles.value}>
                {view.selectedVariant.location.address}, {view.selectedVariant.location.city}
              </dd>
            </div>
          )}
          {view.selected.available > 0 && (
            <div>
              <dt className={styles.label}>{t`Availability`}</dt>
              <dd className={styles.value}>{t({ message: plural(view.selected.available, { one: '# left', other: '# left' }) })}</dd>
            </div>
          )}
        </dl>
      )}
      <SelectionNotice status={view.status} id={statusId} />
    </section>
  );
}

function SelectionNotice({ status, id }: { status: TicketSelectionView['status']; id: string }) {
  const { t } = useLingui();
  const text =
    status === 'soldOut' ? t`Unfortunately the item for this offer is sold out.` : status === 'ended' ? t`The offer is no longer relevant` : '';
  return (
    <p id={id} role="status" className={styles.notice}>
      {text}
    </p>
  );
}

interface PickerProps {
  label: string;
  placeholder: string;
  value: string | null;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

function Picker({ label, placeholder, value, options, onChange }: PickerProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select id={id} className={styles.select} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        {value === null && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
