import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { restaurantMachine } from '../../../machines/restaurant.machine.ts';
import { sameViewValues } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { newWindow } from '../../components/externalLink.ts';
import { moreIcons } from '../more/moreIcons.ts';
import { BookingDialog } from './BookingDialog.tsx';
import { connectRestaurant, type RestaurantPage } from './restaurant.connect.ts';
import { RestaurantFailure } from './RestaurantFailure.tsx';
import { RestaurantMap } from './RestaurantMap.tsx';
import * as styles from './restaurant.css.ts';

export interface RestaurantScreenProps {
  /** The restaurant's id, as the route parsed it. */
  id: string;
  logic: typeof restaurantMachine;
}

/** A restaurant's page at /more/restaurant/s/:id (spec 2.3). */
export function RestaurantScreen({ id, logic }: RestaurantScreenProps) {
  return <RestaurantPage key={id} id={id} logic={logic} />;
}

function RestaurantPage({ id, logic }: RestaurantScreenProps) {
  const { t, i18n } = useLingui();
  const ref = useActorRef(logic, { input: { id, language: i18n.locale } });
  const view = useSelector(ref, (s) => connectRestaurant(s, ref), sameViewValues);

  if (view.status === 'loading') {
    return (
      <main className={styles.page} aria-busy="true">
        <Spinner />
      </main>
    );
  }
  if (view.status !== 'loaded' || !view.restaurant || !view.page) {
    return (
      <RestaurantFailure code={view.status === 'notFound' ? 'restaurant/not-found' : view.errorCode} heading={view.status === 'notFound' ? t`This restaurant is not in the guide` : undefined}>
        {view.status === 'failed' ? <Button onClick={view.retry}>{t`Try again`}</Button> : null}
      </RestaurantFailure>
    );
  }
  const { restaurant, page } = view;
  const name = restaurant.name;
  return (
    <main className={styles.page}>
      {view.mapShown && view.library && view.settings ? (
        <RestaurantMap
          library={view.library}
          settings={view.settings}
          restaurants={page.markers}
          centreOn={restaurant}
          label={t`Map of ${name}`}
          className={styles.mapHeader}
        />
      ) : (
        <div className={styles.plainHeader} aria-hidden="true" data-testid="restaurant-plain-header">
          <Icon name="restaurant" paths={moreIcons} size={64} />
        </div>
      )}
      <article className={styles.article}>
        <h1 className={styles.title}>{restaurant.name}</h1>
        {restaurant.shortDescription ? <p className={styles.description}>{restaurant.shortDescription}</p> : null}
        <RestaurantFacts phone={restaurant.phone} page={page} />
        {view.canBook && page.widgetUrl ? (
          <>
            <Button className={styles.book} onClick={view.openBooking} aria-haspopup="dialog">
              {t`Book a table`}
            </Button>
            <BookingDialog open={view.bookingOpen} restaurantName={restaurant.name} widgetUrl={page.widgetUrl} onClose={view.closeBooking} />
          </>
        ) : null}
      </article>
    </main>
  );
}

/** Address (a map link), phone (a tel: link) and home page; a missing phone or home page is left out. */
function RestaurantFacts({ phone, page }: { phone: string | null; page: RestaurantPage }) {
  const { t } = useLingui();
  return (
    <dl className={styles.facts}>
      <dt className={styles.term}>{t`Address`}</dt>
      <dd className={styles.value}>
        {page.mapHref ? (
          <a className={styles.link} href={page.mapHref} {...newWindow}>
            {page.address}
          </a>
        ) : (
          page.address
        )}
      </dd>
      {page.phoneHref ? (
        <>
          <dt className={styles.term}>{t`Phone`}</dt>
          <dd className={styles.value}>
            <a className={styles.link} href={page.phoneHref}>
              {phone}
            </a>
          </dd>
        </>
      ) : null}
      {page.homePage ? (
        <>
          <dt className={styles.term}>{t`Home page`}</dt>
          <dd className={styles.value}>
            <a className={styles.link} href={page.homePage.href} {...newWindow}>
              {page.homePage.label}
            </a>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
