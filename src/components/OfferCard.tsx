import type { FeedOffer } from '../../contract/offer.ts';
import { Image } from './Image.tsx';
import { OfferSubtitle } from './OfferSubtitle.tsx';
import { onPlainClick } from './linkClick.ts';
import { cx } from './cx.ts';
import * as styles from './offerCard.css.ts';

export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface OfferCardProps {
  offer: FeedOffer;
  /** Real URL of the offer, so the link can be opened in a new tab or copied. */
  href: string;
  /** A plain click; the app navigates itself (the default is prevented). */
  onOpen: (offer: FeedOffer) => void;
  headingLevel?: HeadingLevel;
  /** Load the image at once (cards above the fold). */
  eagerImage?: boolean;
  className?: string;
}

export function OfferCard({ offer, href, onOpen, headingLevel = 3, eagerImage = false, className }: OfferCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <a href={href} onClick={onPlainClick(() => onOpen(offer))} className={cx(styles.card, className)}>
      <Image image={offer.puffImage} size="medium" eager={eagerImage} />
      <div className={styles.body}>
        <Heading className={styles.title}>{offer.title}</Heading>
        <OfferSubtitle offer={offer} className={styles.subtitle} />
      </div>
    </a>
  );
}
