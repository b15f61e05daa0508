import { useLingui } from '@lingui/react/macro';
import type { Category } from '../../../contract/offer.ts';
import * as styles from '../feed/feed.css.ts';

export interface CategoryFilterProps {
  categories: Category[];
  selectedId: string | null;
  /** Called with the chip's category; choosing the selected one clears the filter. */
  onSelect: (categoryId: string) => void;
}

/** A row of toggle chips, shown only when there are at least 2 categories to choose from (spec 2.3). */
export function CategoryFilter({ categories, selectedId, onSelect }: CategoryFilterProps) {
  const { t } = useLingui();
  if (categories.length < 2) return null;
  return (
    <div role="group" aria-label={t`Categories`} className={styles.categoryRow}>
      {categories.map((category) => (
        <button
          key={category.id}
          type="button"
          aria-pressed={category.id === selectedId}
          className={styles.categoryChip}
          onClick={() => onSelect(category.id)}
        >
          {category.name}
        </button>
      ))}
    </div>
  );
}
