import { useEffect, useId, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { Restaurant } from '../../../contract/restaurant.ts';
import type { restaurantMapMachine } from '../../../machines/restaurantMap.machine.ts';
import { sameViewValues } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { iconButton } from '../../components/iconButton.css.ts';
import { formatDistance } from '../../i18n/format.ts';
import { AppLink } from '../../navigation/AppLink.tsx';
import { moreIcons } from '../more/moreIcons.ts';
import { connectRestaurantMap, type RestaurantMapView } from './restaurantMap.connect.ts';
import { RestaurantFailure } from './RestaurantFailure.tsx';
import { RestaurantMap } from './RestaurantMap.tsx';
import { streetAddress } from '../../../domain/restaurantAddress.ts';
import { restaurantPath } from './restaurantText.ts';
import * as styles from './restaurantMap.css.ts';

const infoIcons = { info: moreIcons.about };

/**
 * /more/restaurant (spec 2.3): the brand's restaurants on a map (33×33 markers; a tapped one's
 * panel leads to its page), a list button for the same restaurants as a list, and an info
 * button for the pop-up that also shows by itself the first time. Without a maps key it says
 * so and shows the list.
 */
export function RestaurantMapScreen({ logic, infoSeen }: { logic: typeof restaurantMapMachine; infoSeen: boolean }) {
  const { t, i18n } = useLingui();
  const ref = useActorRef(logic, { input: { language: i18n.locale, infoSeen } });
  const view = useSelector(ref, (s) => connectRestaurantMap(s, ref), sameViewValues);

  if (view.status === 'loading') {
    return (
      <main className={styles.page} aria-busy="true">
        <h1 className={styles.heading}>{t`Restaurants`}</h1>
        <Spinner />
      </main>
    );
  }
  if (view.status === 'failed') {
    return (
      <RestaurantFailure code={view.errorCode}>
        <Button onClick={view.retry}>{t`Try again`}</Button>
      </RestaurantFailure>
    );
  }
  return (
    <main className={styles.page} aria-busy={view.locating}>
      <div className={styles.header}>
        <h1 className={styles.heading}>{t`Restaurants`}</h1>
        <div className={styles.tools}>
          {view.mapArea !== 'unavailable' ? (
            <Button variant="secondary" onClick={view.showingList ? view.showMap : view.showList}>
              {view.showingList ? t`Show map` : t`Show list`}
            </Button>
          ) : null}
          <button type="button" className={iconButton} aria-label={t`About the restaurant guide`} aria-haspopup="dialog" onClick={view.openInfo}>
            <Icon name="info" paths={infoIcons} />
          </button>
        </div>
      </div>
      {view.mapArea === 'unavailable' ? <p className={styles.note}>{t`The map is not available for this brand. Here are the restaurants as a list.`}</p> : null}
      {/* Kept while the list shows: the map and its markers are made once (each map load is billed). */}
      <div hidden={view.showingList}>
        <MapArea view={view} />
      </div>
      {view.showingList ? <RestaurantList view={view} /> : null}
      <Dialog
        open={view.infoOpen}
        title={t`The restaurant guide`}
        message={
          view.infoAbout === 'map'
            ? t`Tap a marker to see a restaurant's name and address, then go to its page for its phone number, home page and table booking. The list button shows the same restaurants as a list, nearest first when you share your location.`
            : t`Tap a restaurant in the list to go to its page for its phone number, home page and table booking. The list shows the nearest first when you share your location.`
        }
        onClose={view.closeInfo}
      />
    </main>
  );
}

function MapArea({ view }: { view: RestaurantMapView }) {
  const { t } = useLingui();
  const region = useRef<HTMLDivElement>(null);
  if (view.mapArea === 'unavailable') return null;
  if (view.mapArea === 'failed') {
    return (
      <div role="alert" className={styles.mapMessage}>
        {/* Spec 8, spelled as in the product. */}
        <p>{t`Faild to load Google maps`}</p>
        <Button onClick={view.retryMap}>{t`Try again`}</Button>
      </div>
    );
  }
  if (view.mapArea !== 'shown' || !view.library || !view.settings) {
    return (
      <div className={styles.mapMessage} aria-busy="true">
        <Spinner />
      </div>
    );
  }
  return (
    <div className={styles.mapArea}>
      <RestaurantMap
        library={view.library}
        settings={view.settings}
        restaurants={view.restaurants}
        label={t`Map of the restaurants`}
        className={styles.map}
        selectedId={view.selected?.id ?? null}
        onSelect={view.select}
        regionRef={region}
      />
      {view.selected ? (
        <MarkerPanel
          restaurant={view.selected}
          onClose={() => {
            // The panel goes: focus would drop to the page's start.
            region.current?.focus({ preventScroll: true });
            view.closePanel();
          }}
        />
      ) : null}
    </div>
  );
}

/** A tapped marker's restaurant: name, address and the way to its page; focus moves here so keyboard users find it. */
function MarkerPanel({ restaurant, onClose }: { restaurant: Restaurant; onClose: () => void }) {
  const { t } = useLingui();
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.focus({ preventScroll: true }), [restaurant.id]);
  return (
    <section ref={panel} className={styles.panel} aria-labelledby={titleId} tabIndex={-1} data-testid="restaurant-panel">
      <div className={styles.panelHeader}>
        <h2 id={titleId} className={styles.panelTitle}>
          {restaurant.name}
        </h2>
        <button type="button" className={iconButton} aria-label={t`Close`} onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <address className={styles.address}>{streetAddress(restaurant)}</address>
      <AppLink href={restaurantPath(restaurant.id)} className={styles.goTo}>
        {t`Go to restaurant`}
      </AppLink>
    </section>
  );
}

function RestaurantList({ view }: { view: RestaurantMapView }) {
  const { t, i18n } = useLingui();
  const rows = view.list;
  if (rows.length === 0) return <p className={styles.order}>{t`There are no restaurants in the guide yet.`}</p>;
  return (
    <>
      <p className={styles.order} aria-live="polite">
        {view.locating ? t`Finding your location…` : view.position ? t`Nearest first` : t`In alphabetical order`}
      </p>
      <ul className={styles.list} aria-label={t`Restaurant list`}>
        {rows.map((restaurant) => {
          const distance = restaurant.distanceKm === null ? null : formatDistance(restaurant.distanceKm, i18n.locale);
          return (
          <li key={restaurant.id} className={styles.item}>
            <h2 className={styles.itemName}>
              <AppLink href={restaurantPath(restaurant.id)} className={styles.link}>
                {restaurant.name}
              </AppLink>
            </h2>
            <address className={styles.address}>{streetAddress(restaurant)}</address>
            {distance !== null ? <p className={styles.distance}>{t`${distance} away`}</p> : null}
          </li>
          );
        })}
      </ul>
    </>
  );
}
