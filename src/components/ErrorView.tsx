import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Icon } from './Icon.tsx';
import { contactMailHref, type MailSender } from './contactMail.ts';
import * as styles from './errorView.css.ts';

export interface ErrorViewProps {
  /** User text already derived from the error (spec section 8). */
  message: string;
  /** The brand's contact address; empty before a brand is known (no link then). */
  contactEmail: string;
  /** The signed-in user, named in the mail subject; omit when nobody is signed in. */
  user?: MailSender | null;
  heading?: string;
  /** The brand's icons, so the error icon follows the brand. */
  icons?: Readonly<Record<string, string>>;
  /** Extra actions under the contact link (e.g. a retry button). */
  children?: ReactNode;
}

export function ErrorView({ message, contactEmail, user, heading, icons, children }: ErrorViewProps) {
  const { t } = useLingui();
  return (
    <section className={styles.view}>
      <Icon name="error" paths={icons} size={96} className={styles.icon} />
      <h1 className={styles.heading}>{heading ?? t`Something went wrong`}</h1>
      <p className={styles.message}>{message}</p>
      {contactEmail && (
        <a className={styles.contact} href={contactMailHref(contactEmail, user)}>
          {t`Contact customer service`}
        </a>
      )}
      {children}
    </section>
  );
}
