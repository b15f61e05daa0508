import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ImageOptions, OfferDetail, OfferType } from '../../../contract/offer.ts';
import { Image } from '../../components/Image.tsx';
import { useReadingTime } from '../../components/OfferSubtitle.tsx';
import { type MailSender } from '../../components/contactMail.ts';
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
  /** What an offer that sells adds (spec 2.3): the media of the selected variant, its selector and the payment bar. */
  purchase?: { media: ImageOptions; selector: ReactNode; paymentBar: ReactNode };
  /** The promo code rows and what the claim call to action does; null until they run. */
  promo: PromoViews | null;
}

/** A loaded offer page, in the spec's order (2.3). */
export function OfferArticle({ offer, categoryName, place, layout, contactEmail, member, links, navigate, purchase, promo }: OfferArticleProps) {
  const cta = purchase && offer.callToAction?.type === 'payment' ? purchase.paymentBar : offer.callToAction && (
    <CallToActionBar
      cta={offer.callToAction}
      offerId={offer.id}
      referralToken={offer.referralToken ?? null}
      contactEmail={contactEmail}
      member={member}
      placement={layout === 'desktop' ? 'inline' : 'floating'}
      claim={promo?.claimCallToAction ?? null}
    />
  );
  const companion = offer.companionOffer;
  return (
    <article className={styles.article}>
      {/* The media at the top: the selected variant's first image, or the puff image (spec 2.3). */}
      <Image image={purchase?.media ?? offer.puffImage} size="large" eager className={styles.hero} />
      <header className={styles.header}>
        {categoryName ? <p className={styles.categoryTag}>{categoryName}</p> : null}
        <h1 className={styles.title}>{offer.title}</h1>
        {offer.preamble ? <p className={styles.preamble}>{offer.preamble}</p> : null}
        {purchase?.selector}
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
  const readingTime = useReadingTime();
  const typeLabel: Record<OfferType, string> = { editorial: t`Article`, benefit: t`Benefit`, live: t`Event` };
  return (
    <ul className={styles.infoStrip} aria-label={t`About this offer`}>
      <li>{typeLabel[type]}</li>
      {type === 'editorial' && minutes !== null ? (
        <li>{readingTime(minutes)}</li>
      ) : null}
    </ul>
  );
}
