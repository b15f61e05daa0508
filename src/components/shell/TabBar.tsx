import { useLingui } from '@lingui/react/macro';
import type { NavigationBarEntry } from '../../../contract/brand.ts';
import { Icon } from '../Icon.tsx';
import { onPlainClick } from '../linkClick.ts';
import * as styles from './tabBar.css.ts';

export type TabBarEntry = Pick<NavigationBarEntry, 'key' | 'label' | 'icon' | 'path'>;

export interface TabBarProps {
  /** The brand's navigation bar; entries with neither label nor icon are skipped. */
  entries: readonly TabBarEntry[];
  /** First-segment root of the shown stack: '/', '/more', ...; null highlights no tab (checkout). */
  activeStack: string | null;
  /** Whether the active stack shows its root page (then its tab is the current page). */
  topIsRoot: boolean;
  icons?: Readonly<Record<string, string>>;
  /** Bottom bar on mobile, tabs at the top on desktop. */
  placement: 'bottom' | 'top';
  onSelect: (path: string) => void;
}

/** '/more/faq?x' → '/more', '/' → '/'. */
const stackOf = (path: string) => `/${path.split(/[?#]/)[0]?.split('/')[1] ?? ''}`;

export function TabBar({ entries, activeStack, topIsRoot, icons, placement, onSelect }: TabBarProps) {
  const { t } = useLingui();
  const shown = entries.filter((entry) => entry.label !== '' || entry.icon !== '');
  // An icon-only tab is named by its section, in the member's language (not by its icon's name).
  const sectionNames: Record<string, string> = {
    mixedFeed: t`Home`,
    editorial: t`Articles`,
    benefit: t`Benefits`,
    live: t`Live`,
    search: t`Search`,
    more: t`More`,
  };

  return (
    <nav aria-label={t`Main`} className={styles.bar[placement]}>
      {shown.map((entry) => {
        const active = stackOf(entry.path) === activeStack;
        // Below the stack's root the tab is the current section, not the current page.
        const current = active ? (topIsRoot ? 'page' : 'true') : undefined;
        return (
          <a
            key={entry.key}
            href={entry.path}
            aria-current={current}
            className={styles.tab[placement]}
            onClick={onPlainClick(() => onSelect(entry.path))}
          >
            {entry.icon && (
              <Icon
                name={entry.icon}
                paths={icons}
                label={entry.label ? undefined : (sectionNames[entry.key] ?? entry.icon)}
                // A labelled tab on a narrow desktop keeps its words and drops its icon.
                className={placement === 'top' && entry.label ? styles.topIcon : undefined}
              />
            )}
            {entry.label && (
              // data-label feeds a hidden bold copy that reserves the active (bold) width, so no tab moves.
              <span className={styles.label} data-label={entry.label}>
                <span className={styles.labelText}>{entry.label}</span>
              </span>
            )}
          </a>
        );
      })}
    </nav>
  );
}
