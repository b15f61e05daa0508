import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { OfferDetail, OfferType } from '../../../server/schemas/offer.ts';
import { Image, type MailSender } from '../../components/index.ts';
import { CallToActionBar } from './CallToActionBar.tsx';
import { PromoCodeRows } from './PromoCodeRows.tsx';
import type { PromoViews } from './usePromoViews.ts';
import { CompanionOfferCard } from './CompanionOfferCard.tsx';
import { ContentBlocks, type RichTextLinks } from './ContentBlocks.tsx';
import { companionPath, type OfferPlace } from './offerLinks.ts';
import * as styles from './offer.css.ts';

export interface OfferArticleProps {
  offer: OfferDetail;
  categoryName: string | null;
  place: OfferPlace;
  layout: 'desktop' | 'mobile';
  contactEmail: string;
  member: MailSender | null;
  links: RichTextLinks;
  navigate: (path: string) => void;
  /** The promo code rows and what the claim call to action does; null until they run. */
  promo: PromoViews | null;
}

/** A loaded offer page, in the spec's order (2.3); the variant selector comes with commerce. */
export function OfferArticle({ offer, categoryName, place, layout, contactEmail, member, links, navigate, promo }: OfferArticleProps) {
  const cta = offer.callToAction && (
    <CallToActionBar
      cta={offer.callToAction}
      offerId={offer.id}
      contactEmail={contactEmail}
      member={member}
      placement={layout === 'desktop' ? 'inline' : 'floating'}
      claim={promo?.claimCallToAction ?? null}
    />
  );
  const companion = offer.companionOffer;
  return (
    <article className={styles.article}>
      {/* The media at the top is the hero image: the selected variant's first image once variants exist. */}
      <Image image={offer.puffImage} size="large" eager className={styles.hero} />
      <header className={styles.header}>
        {categoryName ? <p className={styles.categoryTag}>{categoryName}</p> : null}
        <h1 className={styles.title}>{offer.title}</h1>
        {offer.preamble ? <p className={styles.preamble}>{offer.preamble}</p> : null}
        <InfoStrip type={offer.type} readingTime={offer.readingTime} />
      </header>
      {promo ? <PromoCodeRows promo={promo} /> : null}
      <ContentBlocks blocks={offer.contentBlocks} links={links} onNavigate={navigate} />
      {layout === 'desktop' ? cta : null}
      {companion ? <CompanionOfferCard companion={companion} href={companionPath(place, companion)} onOpen={navigate} /> : null}
      {/* Last in the page so it floats over the whole article on mobile (sticky to the bottom). */}
      {layout === 'mobile' ? cta : null}
    </article>
  );
}

function InfoStrip({ type, readingTime: minutes }: { type: OfferType; readingTime: number | null }) {
  const { t } = useLingui();
  const typeLabel: Record<OfferType, string> = { editorial: t`Article`, benefit: t`Benefit`, live: t`Event` };
  return (
    <ul className={styles.infoStrip} aria-label={t`About this offer`}>
      <li>{typeLabel[type]}</li>
      {type === 'editorial' && minutes !== null ? (
        <li>{t({ message: plural(minutes, { one: '# minute read', other: '# minutes read' }) })}</li>
      ) : null}
    </ul>
  );
}
