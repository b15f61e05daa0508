import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Button, Icon } from '../../components/index.ts';
import { AppActor } from '../../appActor.ts';
import * as styles from './shell.css.ts';

/** The signed-in frame: the brand's navigation bar (top on desktop, bottom on mobile) and sign-out. */
export function ContentShell({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const actor = AppActor.useActorRef();
  const brand = AppActor.useSelector((s) => s.context.brand);
  const entries = (brand?.navigationBar ?? []).filter((entry) => entry.label !== '' || entry.icon !== '');
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <nav className={styles.tabBar} aria-label={t`Main`}>
          {entries.map((entry) => (
            <Link
              key={entry.key}
              to={entry.path}
              className={styles.tab}
              activeOptions={{ exact: entry.path === '/' }}
              activeProps={{ 'aria-current': 'page', className: styles.activeTab }}
            >
              <Icon name={entry.icon} paths={brand?.icons} />
              <span>{entry.label}</span>
            </Link>
          ))}
        </nav>
        <Button variant="text" className={styles.signOut} onClick={() => actor.send({ type: 'app.signOut' })}>
          {t`Sign out`}
        </Button>
      </header>
      <div className={styles.content}>{children}</div>
    </div>
  );
}
