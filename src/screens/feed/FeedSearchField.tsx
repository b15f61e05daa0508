import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon.tsx';
import { cx } from '../../components/cx.ts';
import { sameViewValues, type SearchRef } from '../../appActor.ts';
import { useNavigate } from '../../navigation/navigation.ts';
import { connectSearchField } from '../search/search.connect.ts';
import * as styles from './feed.css.ts';

/**
 * The mixed feed's search field (mobile, sticky): focusing it opens the search page, and it
 * stays hidden in place while that page slides in over it.
 */
export function FeedSearchField({ searchRef }: { searchRef: SearchRef }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const field = useSelector(searchRef, (s) => connectSearchField(s, searchRef), sameViewValues);
  return (
    <div className={cx(styles.searchBar, field.hidden && styles.hiddenInPlace)}>
      <Icon name="search" className={styles.searchIcon} />
      <input
        type="search"
        // Typing happens on the search page; this field only leads there.
        readOnly
        aria-label={t`Search offers`}
        placeholder={t`Search offers`}
        value={field.query}
        className={styles.searchInput}
        onFocus={() => {
          field.focused();
          navigate('/search');
        }}
      />
    </div>
  );
}
