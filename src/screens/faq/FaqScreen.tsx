import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { brandContentMachine } from '../../../machines/brandContent.machine.ts';
import type { FaqEntry } from '../../../contract/brandContent.ts';
import { Paragraphs } from '../../components/Paragraphs.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { LoadFailure } from '../LoadFailure.tsx';
import { useBrandContent } from '../brandContent.connect.ts';
import * as styles from './faq.css.ts';

/** /more/faq (spec 2.3): the brand's questions, each opening its answer on its own; an empty state. */
export function FaqScreen({ logic }: { logic: typeof brandContentMachine }) {
  const { t } = useLingui();
  const view = useBrandContent(logic);
  const faq = view.content?.faq ?? [];
  return (
    <main className={styles.page} aria-busy={view.status === 'loading'}>
      <h1 className={styles.heading}>{t`Frequently asked questions`}</h1>
      {view.status === 'loading' ? <Spinner /> : null}
      {view.status === 'failed' ? <LoadFailure errorCode={view.errorCode} onRetry={view.retry} /> : null}
      {view.status === 'loaded' && faq.length === 0 ? <p className={styles.muted}>{t`There are no questions and answers yet.`}</p> : null}
      {view.status === 'loaded' && faq.length > 0 ? (
        <ul className={styles.entries}>
          {faq.map((entry) => (
            <FaqItem key={entry.id} entry={entry} open={view.openFaqIds.includes(entry.id)} onToggle={() => view.toggleFaq(entry.id)} />
          ))}
        </ul>
      ) : null}
    </main>
  );
}

/** One question: a heading holding the button that shows or hides its answer (WAI-ARIA accordion). */
function FaqItem({ entry, open, onToggle }: { entry: FaqEntry; open: boolean; onToggle: () => void }) {
  // The brand's ids may hold anything; the page's own ids tie the button to its answer.
  const id = useId();
  const buttonId = `${id}-question`;
  const answerId = `${id}-answer`;
  return (
    <li className={styles.entry}>
      <h2 className={styles.question}>
        <button id={buttonId} type="button" className={styles.toggle} aria-expanded={open} aria-controls={answerId} onClick={onToggle}>
          <span>{entry.question}</span>
          <span className={styles.chevron} aria-hidden="true" />
        </button>
      </h2>
      <div id={answerId} role="region" aria-labelledby={buttonId} hidden={!open} className={styles.answer}>
        <Paragraphs text={entry.answer} className={styles.paragraph} />
      </div>
    </li>
  );
}
