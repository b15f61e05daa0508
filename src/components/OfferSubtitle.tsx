import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { FeedOffer } from '../../contract/offer.ts';

export interface OfferSubtitleProps {
  offer: Pick<FeedOffer, 'type' | 'teaserLine' | 'readingTime'>;
  className?: string;
}

/** The line under an offer's title: reading time for editorial offers that have one, else the teaser. */
export function OfferSubtitle({ offer, className }: OfferSubtitleProps) {
  const { t } = useLingui();
  const minutes = offer.readingTime;
  const text =
    offer.type === 'editorial' && minutes !== null
      ? t({ message: plural(minutes, { one: '# minute read', other: '# minutes read' }) })
      : offer.teaserLine;
  if (!text) return null;
  return <p className={className}>{text}</p>;
}
