import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CallToAction } from '../../../contract/offer.ts';
import { Button } from '../../components/Button.tsx';
import { type MailSender } from '../../components/contactMail.ts';
import { variant as buttonLook } from '../../components/button.css.ts';
import { ClaimCallToAction } from './ClaimCallToAction.tsx';
import type { ClaimCallToActionView } from './promo.connect.ts';
import { mailToHref, referralHref, webUrl } from './offerLinks.ts';
import * as styles from './offer.css.ts';

export interface CallToActionBarProps {
  cta: CallToAction;
  offerId: string;
  /** The server's token of this member and offer for a `referralUrl` link (never the member's id). */
  referralToken: string | null;
  contactEmail: string;
  member: MailSender | null;
  /** Floating at the bottom (mobile) or inline in the page (desktop). */
  placement: 'floating' | 'inline';
  /** What a `claim` call to action does now (the offer's promo rows decide). */
  claim: ClaimCallToActionView | null;
}

/** The call to action (spec 3): outside links open in a new tab, claim claims a promo code; payment comes with commerce. */
export function CallToActionBar({ cta, offerId, referralToken, contactEmail, member, placement, claim }: CallToActionBarProps) {
  const { t } = useLingui();
  const noteId = useId();
  if (cta.type === 'claim' && claim) return <ClaimCallToAction label={cta.label} claim={claim} placement={placement} />;
  if (cta.type === 'claim' || cta.type === 'payment') {
    return (
      <div className={styles.ctaBar[placement]}>
        <Button className={styles.ctaButton} disabled aria-describedby={noteId}>
          {cta.label}
        </Button>
        <p id={noteId} className={styles.ctaNote}>
          {t`Coming soon: this will be available here shortly.`}
        </p>
      </div>
    );
  }
  const href = hrefOf(cta, offerId, referralToken, contactEmail, member);
  // An unusable link (no address, a scheme other than http(s)) shows no button at all.
  if (!href) return null;
  const newTab = cta.type !== 'mailTo';
  return (
    <div className={styles.ctaBar[placement]}>
      <a
        className={`${buttonLook.primary} ${styles.ctaButton}`}
        href={href}
        {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {cta.label}
      </a>
    </div>
  );
}

function hrefOf(cta: CallToAction, offerId: string, referralToken: string | null, contactEmail: string, member: MailSender | null): string | null {
  switch (cta.type) {
    case 'url':
      return webUrl(cta.url)?.href ?? null;
    case 'mailTo':
      return contactEmail ? mailToHref(contactEmail, member, cta.message) : null;
    case 'referralUrl':
      // Without a token from the server there is no link to give (the member's id is never one).
      return referralToken ? referralHref(cta, offerId, referralToken) : null;
    default:
      return null;
  }
}
