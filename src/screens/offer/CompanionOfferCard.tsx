import type { CompanionOffer, FeedOffer } from '../../../contract/offer.ts';
import { OfferCard } from '../../components/OfferCard.tsx';
import * as styles from './offer.css.ts';

export interface CompanionOfferCardProps {
  companion: CompanionOffer;
  /** Where a tap goes (spec 2.3's companion link rule, see companionPath). */
  href: string;
  onOpen: (path: string) => void;
}

const asFeedOffer = (c: CompanionOffer): FeedOffer => ({
  id: c.id,
  categoryId: null,
  type: c.type,
  title: c.title,
  teaserLine: c.teaserLine,
  tags: [],
  puffImage: c.puffImage,
  readingTime: null,
});

/** The companion offer: its header above an ordinary offer card. */
export function CompanionOfferCard({ companion, href, onOpen }: CompanionOfferCardProps) {
  const headingId = `companion-${companion.id}`;
  return (
    <section className={styles.companion} aria-labelledby={companion.companionOfferHeader ? headingId : undefined}>
      {companion.companionOfferHeader ? (
        <h2 id={headingId} className={styles.companionHeader}>
          {companion.companionOfferHeader}
        </h2>
      ) : null}
      <OfferCard offer={asFeedOffer(companion)} href={href} onOpen={() => onOpen(href)} headingLevel={3} className={styles.companionCard} />
    </section>
  );
}
