import type { FeedOffer } from '../../contract/offer.ts';
import { Image } from './Image.tsx';
import { OfferSubtitle } from './OfferSubtitle.tsx';
import { onPlainClick } from './linkClick.ts';
import { cx } from './cx.ts';
import type { HeadingLevel } from './OfferCard.tsx';
import { billboardImageSizes } from '../../domain/imageSources.ts';
import * as styles from './billboardCard.css.ts';

export interface BillboardCardProps {
  /** The billboard turned into a feed item. */
  offer: FeedOffer;
  href: string;
  /** A plain click; the app navigates itself (the default is prevented). */
  onOpen: (offer: FeedOffer) => void;
  headingLevel?: HeadingLevel;
  className?: string;
}

/** The wide card on top of the feed (max width 600, centred); its image loads at once. */
export function BillboardCard({ offer, href, onOpen, headingLevel = 2, className }: BillboardCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <a href={href} onClick={onPlainClick(() => onOpen(offer))} className={cx(styles.card, className)}>
      <Image image={offer.puffImage} size="large" sizes={billboardImageSizes} eager />
      <div className={styles.body}>
        <Heading className={styles.title}>{offer.title}</Heading>
        <OfferSubtitle offer={offer} className={styles.subtitle} />
      </div>
    </a>
  );
}
