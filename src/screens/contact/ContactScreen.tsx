import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { brandContentMachine } from '../../../machines/brandContent.machine.ts';
import type { BrandContact } from '../../../contract/brandContent.ts';
import { AppActor } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { contactMailHref } from '../../components/contactMail.ts';
import { Paragraphs } from '../../components/Paragraphs.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import * as buttonStyles from '../../components/button.css.ts';
import { weekdayName, zoneName, type Weekday } from '../../domain/supportHours.ts';
import { LoadFailure } from '../LoadFailure.tsx';
import { useBrandContent } from '../brandContent.connect.ts';
import { connectContact, newWindow } from './contact.connect.ts';
import { SupportDialog } from './SupportDialog.tsx';
import * as styles from './contact.css.ts';

/**
 * /more/contact (spec 2.3 "Contact us"): mail, call with the support hours and whether the phone
 * is answered now (in the brand's time zone), chat when the brand has one, and the support pop-up.
 * Mail and the pop-up work even when the brand's texts did not load.
 */
export function ContactScreen({ logic, now }: { logic: typeof brandContentMachine; now: () => number }) {
  const { t } = useLingui();
  const view = useBrandContent(logic);
  const email = AppActor.useSelector((s) => s.context.brand?.contact.email ?? '');
  const user = AppActor.useSelector((s) => s.context.member?.user ?? null);
  // Open or closed is view state only, as the cart drawer's.
  const [supportOpen, setSupportOpen] = useState(false);
  const contact = view.content?.contact ?? null;
  return (
    <main className={styles.page} aria-busy={view.status === 'loading'}>
      <h1 className={styles.heading}>{t`Contact us`}</h1>
      {contact?.customerServiceText ? <Paragraphs text={contact.customerServiceText} className={styles.paragraph} /> : null}
      <div className={styles.actions}>
        {email ? (
          <a className={buttonStyles.variant.primary} href={contactMailHref(email, user)}>
            {t`Send an e-mail`}
          </a>
        ) : null}
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => setSupportOpen(true)}>
          {t`Support`}
        </Button>
      </div>
      {view.status === 'loading' ? <Spinner /> : null}
      {view.status === 'failed' ? <LoadFailure errorCode={view.errorCode} onRetry={view.retry} /> : null}
      {contact ? <CallAndChat contact={contact} instant={now()} /> : null}
      <SupportDialog
        open={supportOpen}
        onClose={() => setSupportOpen(false)}
        email={email}
        member={user}
        messengerUrl={contact?.messengerUrl ?? null}
      />
    </main>
  );
}

function CallAndChat({ contact, instant }: { contact: BrandContact; instant: number }) {
  const { t, i18n } = useLingui();
  const callId = useId();
  const statusId = useId();
  const hoursId = useId();
  const chatId = useId();
  const view = connectContact(contact, instant);
  const dayName = (day: Weekday) => weekdayName(day, i18n.locale);
  const days = (from: Weekday, to: Weekday) => {
    const first = dayName(from);
    const last = dayName(to);
    return capitalised(from === to ? first : t`${first}–${last}`);
  };
  const status = view.status;
  let statusText: string;
  if (status.open) statusText = t`Open now, until ${status.closes}.`;
  else if (!status.next) statusText = t`Closed now.`;
  else {
    const time = status.next.opens;
    const day = dayName(status.next.day);
    if (status.next.daysAhead === 0) statusText = t`Closed now. Opens today at ${time}.`;
    else if (status.next.daysAhead === 1) statusText = t`Closed now. Opens tomorrow at ${time}.`;
    else statusText = t`Closed now. Opens ${day} at ${time}.`;
  }
  const zone = zoneName(view.timeZone, i18n.locale);
  return (
    <>
      {/* A brand that gave no phone number has nothing to call and no hours to tell. */}
      {view.call ? (
      <section className={styles.section} aria-labelledby={callId}>
        <h2 id={callId} className={styles.sectionHeading}>
          {t`Call us`}
        </h2>
        <p id={statusId} className={styles.status}>
          {statusText}
        </p>
        <a className={buttonStyles.variant.secondary} href={view.call} aria-describedby={statusId}>
          {t`Call ${view.phone}`}
        </a>
        <h3 id={hoursId} className={styles.sectionHeading}>
          {t`Phone hours`}
        </h3>
        <dl className={styles.hours} aria-labelledby={hoursId}>
          {view.week.map((group) => (
            <div key={group.from} className={styles.hoursRow}>
              <dt className={styles.day}>{days(group.from, group.to)}</dt>
              <dd className={styles.time}>
                {group.ranges.length === 0 ? t`Closed` : group.ranges.map((range) => `${range.opens}–${range.closes}`).join(', ')}
              </dd>
            </div>
          ))}
        </dl>
        <p className={styles.muted}>{t`Times are ${zone}.`}</p>
        {view.note ? <p className={styles.paragraph}>{view.note}</p> : null}
      </section>
      ) : null}
      {view.chat ? (
        <section className={styles.section} aria-labelledby={chatId}>
          <h2 id={chatId} className={styles.sectionHeading}>
            {t`Chat`}
          </h2>
          <a className={buttonStyles.variant.secondary} href={view.chat} {...newWindow}>
            {t`Chat with us`}
          </a>
        </section>
      ) : null}
    </>
  );
}

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
