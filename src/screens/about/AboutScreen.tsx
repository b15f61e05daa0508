import { useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { brandContentMachine } from '../../../machines/brandContent.machine.ts';
import type { versionRevealMachine } from '../../../machines/versionReveal.machine.ts';
import type { BrandContent } from '../../../contract/brandContent.ts';
import { AppActor, sameViewValues } from '../../appActor.ts';
import { contactMailHref } from '../../components/contactMail.ts';
import { newWindow, telHref, webHref } from '../../components/externalLink.ts';
import { Paragraphs } from '../../components/Paragraphs.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { AppLink } from '../../navigation/AppLink.tsx';
import { LoadFailure } from '../LoadFailure.tsx';
import { useBrandContent } from '../brandContent.connect.ts';
import { connectVersionReveal } from './versionReveal.connect.ts';
import * as styles from './about.css.ts';

export interface AboutScreenProps {
  logic: typeof brandContentMachine;
  revealLogic: typeof versionRevealMachine;
  /** This build's version (spec 9). */
  version: string;
}

/**
 * /more/about (spec 2.3): the brand's about text, terms and privacy, customer service with its
 * e-mail and phone, the app's version (seven taps reveal the push token) and the guide again.
 */
export function AboutScreen({ logic, revealLogic, version }: AboutScreenProps) {
  const { t } = useLingui();
  const view = useBrandContent(logic);
  const content = view.content;
  return (
    <main className={styles.page} aria-busy={view.status === 'loading'}>
      <h1 className={styles.heading}>{content?.about.header || t`About`}</h1>
      {view.status === 'loading' ? <Spinner /> : null}
      {view.status === 'failed' ? <LoadFailure errorCode={view.errorCode} onRetry={view.retry} /> : null}
      {content ? <BrandFacts content={content} /> : null}
      <AppFacts revealLogic={revealLogic} version={version} />
    </main>
  );
}

function BrandFacts({ content }: { content: BrandContent }) {
  const { t } = useLingui();
  const user = AppActor.useSelector((s) => s.context.member?.user ?? null);
  const documentsId = useId();
  const serviceId = useId();
  const documents = [content.terms, content.gdpr].filter((doc) => doc.label && webHref(doc.url));
  const { email, phone, customerServiceText } = content.contact;
  const call = telHref(phone);
  return (
    <>
      <Paragraphs text={content.about.body} className={styles.paragraph} />
      {documents.length > 0 ? (
        <nav aria-labelledby={documentsId}>
          <h2 id={documentsId} className={styles.sectionHeading}>
            {t`Terms and privacy`}
          </h2>
          <ul className={styles.links}>
            {documents.map((doc) => (
              <li key={doc.url}>
                <a className={styles.link} href={webHref(doc.url)!} {...newWindow}>
                  {doc.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <section className={styles.section} aria-labelledby={serviceId}>
        <h2 id={serviceId} className={styles.sectionHeading}>
          {t`Customer service`}
        </h2>
        {customerServiceText ? <Paragraphs text={customerServiceText} className={styles.paragraph} /> : null}
        <dl className={styles.facts}>
          {email ? (
            <>
              <dt className={styles.term}>{t`E-mail`}</dt>
              <dd className={styles.value}>
                <a className={styles.link} href={contactMailHref(email, user)}>
                  {email}
                </a>
              </dd>
            </>
          ) : null}
          {call ? (
            <>
              <dt className={styles.term}>{t`Phone`}</dt>
              <dd className={styles.value}>
                <a className={styles.link} href={call}>
                  {phone}
                </a>
              </dd>
            </>
          ) : null}
        </dl>
      </section>
    </>
  );
}

/** The app's own part: its version (seven taps reveal the push token, announced) and the guide. */
function AppFacts({ revealLogic, version }: { revealLogic: typeof versionRevealMachine; version: string }) {
  const { t } = useLingui();
  const ref = useActorRef(revealLogic);
  const reveal = useSelector(ref, (s) => connectVersionReveal(s, ref), sameViewValues);
  const appId = useId();
  return (
    <section className={styles.section} aria-labelledby={appId}>
      <h2 id={appId} className={styles.sectionHeading}>
        {t`The app`}
      </h2>
      <button type="button" className={styles.version} onClick={reveal.tap}>
        {t`Version ${version}`}
      </button>
      {/* Always in the page, so screen readers announce what the seventh tap reveals. */}
      <div role="status" aria-live="polite">
        {reveal.reveal === 'revealed' ? <p className={styles.token}>{t`Push token: ${reveal.token}`}</p> : null}
        {reveal.reveal === 'noToken' ? <p className={styles.muted}>{t`No push token on this device`}</p> : null}
        {reveal.reveal === 'failed' ? <p className={styles.muted}>{t`The push token could not be read.`}</p> : null}
      </div>
      <AppLink href="/more/guide" className={styles.link}>
        {t`Show the guide again`}
      </AppLink>
    </section>
  );
}
