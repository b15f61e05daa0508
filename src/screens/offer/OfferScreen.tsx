import { useMemo, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { offerMachine } from '../../../machines/offer.machine.ts';
import type { OfferInput } from '../../../machines/offer.rules.ts';
import { AppActor, sameViewValues } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { ErrorView } from '../../components/ErrorView.tsx';
import { errorMessage } from '../../i18n/errorMessages.ts';
import { useNavigate } from '../../navigation/navigation.ts';
import { visuallyHidden } from '../../theme/index.ts';
import { connectOffer, type OfferStatus } from './offer.connect.ts';
import type { CalendarPlatform } from '../AddToCalendar.tsx';
import { OfferArticle } from './OfferArticle.tsx';
import { SellingOfferArticle } from './SellingOfferArticle.tsx';
import { usePromoViews } from './usePromoViews.ts';
import { appHostsOf, currentSectionOf } from './offerLinks.ts';
import * as styles from './offer.css.ts';

/** Offer detail at /:origin/:type/:id, /:type/:id and /search/:type/:id (spec 2.3). */
export interface OfferScreenProps {
  /** The offer and where it is seen from, as the route parsed them. */
  place: OfferInput;
  logic: typeof offerMachine;
  /** The API's base address: its links open in the app. */
  apiBase: string;
  /** How this device adds bought events to a calendar. */
  calendarPlatform: CalendarPlatform;
}

export function OfferScreen({ place, ...rest }: OfferScreenProps) {
  return <OfferPage key={`${place.origin}/${place.type}/${place.id}`} input={place} {...rest} />;
}

function OfferPage({ input, logic, apiBase, calendarPlatform }: Omit<OfferScreenProps, 'place'> & { input: OfferInput }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const pageRef = useActorRef(logic, { input });
  const page = useSelector(pageRef, (s) => connectOffer(s, pageRef), sameViewValues);
  const promo = usePromoViews({ unique: page.uniquePromoRef, common: page.commonPromoRef, clipboard: page.clipboardRef });
  const brand = AppActor.useSelector((s) => s.context.brand);
  const layout = AppActor.useSelector((s) => s.context.layout);
  const user = AppActor.useSelector((s) => s.context.member?.user ?? null);
  const links = useMemo(
    () => ({ appHosts: appHostsOf(window.location.hostname, apiBase), currentSection: currentSectionOf(input) }),
    [apiBase, input.origin, input.type],
  );

  if (page.status === 'loading') return <OfferSkeleton />;
  if (page.status !== 'loaded' || !page.offer) {
    return (
      <OfferFailure status={page.status} code={page.errorCode}>
        {(page.status === 'failed' || page.status === 'offline') && <Button onClick={page.retry}>{t`Try again`}</Button>}
        {page.status === 'needsSignIn' && <SignInButton />}
      </OfferFailure>
    );
  }
  const article = {
    offer: page.offer,
    categoryName: page.categoryName,
    place: input,
    layout,
    contactEmail: brand?.contact.email ?? '',
    member: user,
    links,
    navigate,
    promo,
  };
  return (
    <main className={styles.page}>
      {page.selection ? (
        <SellingOfferArticle {...article} selectionRef={page.selection} page={page} calendarPlatform={calendarPlatform} />
      ) : (
        <OfferArticle {...article} />
      )}
    </main>
  );
}

/** A member-only offer opened by a visitor: they sign in over the page, which then loads the offer. */
function SignInButton() {
  const { t } = useLingui();
  const app = AppActor.useActorRef();
  return <Button onClick={() => app.send({ type: 'app.signInWanted' })}>{t`Sign in`}</Button>;
}

/** A full-page failure with the spec's texts (spec 6 and 8) and the contact link. */
function OfferFailure({ status, code, children }: { status: OfferStatus; code: string | null; children?: ReactNode }) {
  const { t, i18n } = useLingui();
  const brand = AppActor.useSelector((s) => s.context.brand);
  const user = AppActor.useSelector((s) => s.context.member?.user ?? null);
  const texts: Partial<Record<OfferStatus, string>> = {
    notFound: t`The article was not found..`,
    notRelevant: t`The offer is no longer relevant`,
    needsSignIn: t`You need to be signed in to view this offer`,
    offline: t`The offer will load as soon as your device is back online.`,
  };
  const headings: Partial<Record<OfferStatus, string>> = {
    failed: t`Something went wrong`,
    offline: t`You are offline`,
  };
  return (
    <main>
      <ErrorView
        heading={headings[status] ?? t`This offer is not available`}
        message={texts[status] ?? i18n._(errorMessage(code ?? 'unknown'))}
        contactEmail={brand?.contact.email ?? ''}
        user={user}
        icons={brand?.icons}
      >
        {children}
      </ErrorView>
    </main>
  );
}

/** The page's shape while it loads, so nothing jumps when the offer arrives. */
function OfferSkeleton() {
  const { t } = useLingui();
  return (
    <main className={styles.page} aria-busy="true">
      <div role="status" className={visuallyHidden}>
        {t`Loading`}
      </div>
      <div className={styles.skeletonHero} aria-hidden="true" />
      <div className={styles.header} aria-hidden="true">
        <div className={styles.skeletonLine.title} />
        <div className={styles.skeletonLine.text} />
        <div className={styles.skeletonLine.short} />
      </div>
    </main>
  );
}
