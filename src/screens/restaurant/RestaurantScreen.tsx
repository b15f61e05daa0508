import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { Restaurant } from '../../../contract/restaurant.ts';
import type { restaurantMachine } from '../../../machines/restaurant.machine.ts';
import { restaurantMapLink } from '../../../domain/restaurantMapLink.ts';
import { widgetUrlInLanguage } from '../../../domain/restaurantWidget.ts';
import { sameViewValues } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { newWindow, telHref, webHref } from '../../components/externalLink.ts';
import { moreIcons } from '../more/moreIcons.ts';
import { BookingDialog } from './BookingDialog.tsx';
import { connectRestaurant } from './restaurant.connect.ts';
import { RestaurantFailure } from './RestaurantFailure.tsx';
import { RestaurantMap } from './RestaurantMap.tsx';
import { streetAddress } from '../../../domain/restaurantAddress.ts';
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
  if (view.status !== 'loaded' || !view.restaurant) {
    return (
      <RestaurantFailure code={view.status === 'notFound' ? 'restaurant/not-found' : view.errorCode} heading={view.status === 'notFound' ? t`This restaurant is not in the guide` : undefined}>
        {view.status === 'failed' ? <Button onClick={view.retry}>{t`Try again`}</Button> : null}
      </RestaurantFailure>
    );
  }
  const restaurant = view.restaurant;
  const name = restaurant.name;
  const widgetUrl = webHref(restaurant.restaurantWidgetUrl);
  return (
    <main className={styles.page}>
      {view.map ? (
        <RestaurantMap
          library={view.map.library}
          settings={view.map.settings}
          restaurants={[restaurant]}
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
        <RestaurantFacts restaurant={restaurant} />
        {view.canBook && widgetUrl ? (
          <>
            <Button className={styles.book} onClick={view.openBooking} aria-haspopup="dialog">
              {t`Book a table`}
            </Button>
            <BookingDialog open={view.bookingOpen} restaurantName={restaurant.name} widgetUrl={widgetUrlInLanguage(widgetUrl, i18n.locale)} onClose={view.closeBooking} />
          </>
        ) : null}
      </article>
    </main>
  );
}

/** Address (a map link), phone (a tel: link) and home page; a missing phone or home page is left out. */
function RestaurantFacts({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useLingui();
  const mapLink = useMemo(() => webHref(restaurantMapLink(restaurant)), [restaurant]);
  const phone = restaurant.phone ? telHref(restaurant.phone) : null;
  const homePage = webHref(restaurant.restaurantUrl);
  const address = streetAddress(restaurant);
  return (
    <dl className={styles.facts}>
      <dt className={styles.term}>{t`Address`}</dt>
      <dd className={styles.value}>
        {mapLink ? (
          <a className={styles.link} href={mapLink} {...newWindow}>
            {address}
          </a>
        ) : (
          address
        )}
      </dd>
      {phone ? (
        <>
          <dt className={styles.term}>{t`Phone`}</dt>
          <dd className={styles.value}>
            <a className={styles.link} href={phone}>
              {restaurant.phone}
            </a>
          </dd>
        </>
      ) : null}
      {homePage ? (
        <>
          <dt className={styles.term}>{t`Home page`}</dt>
          <dd className={styles.value}>
            <a className={styles.link} href={homePage} {...newWindow}>
              {new URL(homePage, 'http://relative.invalid').hostname.replace(/^www\./, '')}
            </a>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
