import { useLingui } from '@lingui/react/macro';
import { select } from '@lingui/core/macro';
import type { FeedOffer } from '../../contract/offer.ts';

export interface OfferSubtitleProps {
  offer: Pick<FeedOffer, 'type' | 'teaserLine' | 'readingTime'>;
  className?: string;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralForm(locale: string, count: number): 'one' | 'other' {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count) === 'one' ? 'one' : 'other';
}

/**
 * "3 minutes read". Not Lingui's `plural`: it writes the count with an Intl.NumberFormat, and the
 * page's first one sets up ICU's number data, the longest task of the visitor's first screen (about
 * 350 ms on a phone's CPU). Whole minutes are plain digits in every language we have; Intl.PluralRules,
 * which is cheap, picks the form.
 */
export function useReadingTime(): (minutes: number) => string {
  const { t, i18n } = useLingui();
  return (minutes) => {
    const form = pluralForm(i18n.locale, minutes);
    return t({ message: select(form, { one: `${minutes} minute read`, other: `${minutes} minutes read` }) });
  };
}

/** The line under an offer's title: reading time for editorial offers that have one, else the teaser. */
export function OfferSubtitle({ offer, className }: OfferSubtitleProps) {
  const readingTime = useReadingTime();
  const minutes = offer.readingTime;
  const text = offer.type === 'editorial' && minutes !== null ? readingTime(minutes) : offer.teaserLine;
  if (!text) return null;
  return <p className={className}>{text}</p>;
}
