import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { brandContentMachine } from '../../../machines/brandContent.machine.ts';
import { AppActor } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { newWindow } from '../../components/externalLink.ts';
import * as buttonStyles from '../../components/button.css.ts';
import { AppLink } from '../../navigation/AppLink.tsx';
import { useBrandContent } from '../brandContent.connect.ts';
import { SupportDialog } from '../contact/SupportDialog.tsx';
import { connectMoreContact } from './moreContact.connect.ts';
import * as styles from './more.css.ts';

/** Material-style paths (24×24) for the contact buttons; a brand's own icon of the same name wins. */
const contactIcons: Record<'chat' | 'support' | 'contact', string> = {
  chat: 'M20 2H4c-1.1 0-1.99.9-1.99 2L2 22l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2zM6 9h12v2H6V9zm8 5H6v-2h8v2zm4-6H6V6h12v2z',
  support:
    'M12 1c-4.97 0-9 4.03-9 9v7c0 1.66 1.34 3 3 3h3v-8H5v-2c0-3.87 3.13-7 7-7s7 3.13 7 7v2h-4v8h4v1h-7v2h6c1.66 0 3-1.34 3-3V10c0-4.97-4.03-9-9-9z',
  contact:
    'M20 0H4v2h16V0zM4 24h16v-2H4v2zM20 4H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2zm-8 2.75c1.24 0 2.25 1.01 2.25 2.25s-1.01 2.25-2.25 2.25S9.75 10.24 9.75 9 10.76 6.75 12 6.75zM17 17H7v-1.5c0-1.67 3.33-2.5 5-2.5s5 .83 5 2.5V17z',
};

export interface MoreContactProps {
  contentLogic: typeof brandContentMachine;
  /** Mail to customer service naming the member; null when the brand has no address. */
  mailHref: string | null;
  icons: Readonly<Record<string, string>>;
}

/**
 * The More screen's contact section (spec 2.3): mail, chat when the brand has a chat link, the
 * Contact us page and the support pop-up. When the brand's texts fail to load there is no chat
 * button; the rest works without them.
 */
export function MoreContact({ contentLogic, mailHref, icons }: MoreContactProps) {
  const { t } = useLingui();
  const content = useBrandContent(contentLogic);
  const view = connectMoreContact(content.content);
  const brand = AppActor.useSelector((s) => s.context.brand);
  const user = AppActor.useSelector((s) => s.context.member?.user ?? null);
  // Open or closed is view state only, as the cart drawer's.
  const [supportOpen, setSupportOpen] = useState(false);
  const contactId = useId();
  const paths = { ...contactIcons, ...icons };
  return (
    // Busy while the brand's texts load: a chat button may still join the actions.
    <section className={styles.section} aria-labelledby={contactId} aria-busy={content.status === 'loading'}>
      <h2 id={contactId} className={styles.sectionHeading}>
        {t`Contact us`}
      </h2>
      <p className={styles.hint}>{t`Questions about your membership? Write to customer service.`}</p>
      <div className={styles.contactActions}>
        {mailHref && (
          <a href={mailHref} className={buttonStyles.variant.secondary}>
            <Icon name="mail" paths={paths} />
            {t`Send an e-mail`}
          </a>
        )}
        {view.chatHref && (
          <a href={view.chatHref} className={buttonStyles.variant.secondary} {...newWindow}>
            <Icon name="chat" paths={paths} />
            {t`Chat with us`}
          </a>
        )}
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => setSupportOpen(true)}>
          <Icon name="support" paths={paths} />
          {t`Support`}
        </Button>
        <AppLink href="/more/contact" className={buttonStyles.variant.text}>
          <Icon name="contact" paths={paths} />
          {t`Contact us`}
        </AppLink>
      </div>
      <SupportDialog
        open={supportOpen}
        onClose={() => setSupportOpen(false)}
        email={brand?.contact.email ?? ''}
        member={user}
        messengerUrl={view.messengerUrl}
      />
    </section>
  );
}
