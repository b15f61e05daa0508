import { useContext, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { AppActor } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { AppLink } from '../../navigation/AppLink.tsx';
import { NavigatorContext } from '../../navigation/navigation.ts';
import type { brandContentMachine } from '../../../machines/brandContent.machine.ts';
import { connectMore, type MoreTile } from './more.connect.ts';
import { MoreContact } from './MoreContact.tsx';
import { moreIcons } from './moreIcons.ts';
import * as styles from './more.css.ts';

const tileLabel: Record<MoreTile, MessageDescriptor> = {
  restaurant: msg`Restaurants`,
  voucher: msg`My promo codes`,
  orderHistory: msg`My orders`,
  waitingLists: msg`My waiting lists`,
  categories: msg`My categories`,
  userinfo: msg`Profile`,
  language: msg`Language`,
  about: msg`About`,
  faq: msg`FAQ`,
  dev_test: msg`App development`,
};

/** The More menu at /more (spec 2.3): who is signed in, the menu tiles, contact and sign-out. */
export function MoreScreen({ contentLogic }: { contentLogic: typeof brandContentMachine }) {
  const { t, i18n } = useLingui();
  const app = AppActor.useActorRef();
  const brand = AppActor.useSelector((s) => s.context.brand);
  const member = AppActor.useSelector((s) => s.context.member);
  const navigator = useContext(NavigatorContext);
  const resolve = useSelector(navigator ?? undefined, (s) => s?.context.resolve ?? null);
  const view = useMemo(() => connectMore(brand, member, resolve, app), [brand, member, resolve, app]);
  const icons = useMemo(() => ({ ...moreIcons, ...brand?.icons }), [brand]);
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <div className={styles.avatar} aria-hidden="true">
          {view.initials}
        </div>
        <h1 className={styles.name}>{view.name}</h1>
        {view.roleName && <p className={styles.role}>{view.roleName}</p>}
        {view.roleSkeleton && <p className={styles.roleSkeleton} aria-hidden="true" data-testid="role-skeleton" />}
      </header>
      <nav aria-label={t`Menu`}>
        <ul className={styles.tiles}>
          {view.tiles.map(({ tile, path }) => (
            <li key={tile}>
              <AppLink href={path} className={styles.tile}>
                <Icon name={tile} paths={icons} size={32} className={styles.tileIcon} />
                <span className={styles.tileLabel}>{i18n._(tileLabel[tile])}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <MoreContact contentLogic={contentLogic} mailHref={view.mailHref} icons={icons} />
      <Button variant="secondary" className={styles.signOut} onClick={view.signOut}>
        <Icon name="signOut" paths={icons} />
        {t`Sign out`}
      </Button>
    </main>
  );
}
