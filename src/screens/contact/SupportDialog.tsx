import { useLingui } from '@lingui/react/macro';
import { Dialog } from '../../components/Dialog.tsx';
import type { MailSender } from '../../components/contactMail.ts';
import { newWindow } from '../../components/externalLink.ts';
import { cx } from '../../components/cx.ts';
import * as buttonStyles from '../../components/button.css.ts';
import { supportLinks } from './support.connect.ts';
import * as styles from './contact.css.ts';

export interface SupportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The brand's contact address. */
  email: string;
  member: MailSender | null;
  messengerUrl: string | null;
}

/** The support pop-up (spec 2.3): mail, Messenger, app feedback and an event request, the last two as prefilled mails. */
export function SupportDialog({ open, onClose, email, member, messengerUrl }: SupportDialogProps) {
  const { t } = useLingui();
  const memberId = member?.id ?? '';
  const links = supportLinks(email, member, messengerUrl, {
    feedbackSubject: t`App feedback`,
    feedbackBody: t`Hi,\n\nMy feedback on the app:\n\n\n\nMember ID: ${memberId}`,
    eventSubject: t`Request an event`,
    eventBody: t`Hi,\n\nI would like to see this event in the app (artist, place, date):\n\n\n\nMember ID: ${memberId}`,
  });
  return (
    <Dialog open={open} title={t`Support`} message={t`How can we help you?`} onClose={onClose}>
      <ul className={styles.supportList}>
        <SupportLink href={links.mail} label={t`Send an e-mail`} />
        <SupportLink href={links.messenger} label={t`Messenger`} external />
        <SupportLink href={links.feedback} label={t`App feedback`} />
        <SupportLink href={links.eventRequest} label={t`Request an event`} />
      </ul>
    </Dialog>
  );
}

/** One way to reach support; none when the brand has no address (mails) or page (Messenger) for it. */
function SupportLink({ href, label, external = false }: { href: string | null; label: string; external?: boolean }) {
  if (!href) return null;
  return (
    <li>
      <a className={cx(buttonStyles.variant.secondary, styles.supportLink)} href={href} {...(external ? newWindow : {})}>
        {label}
      </a>
    </li>
  );
}
