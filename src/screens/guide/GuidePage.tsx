import { useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { guideMachine } from '../../../machines/guide.machine.ts';
import { sameViewValues } from '../../appActor.ts';
import { connectGuide } from './guide.connect.ts';
import { GuideSteps, guideSteps } from './GuideSteps.tsx';
import * as styles from './guide.css.ts';

/** /more/guide: the step-by-step guide again, as a page; Done or Skip goes back. */
export function GuidePage({ logic }: { logic: typeof guideMachine }) {
  const { t } = useLingui();
  const ref = useActorRef(logic, { input: { seen: false, stepCount: guideSteps.length } });
  const view = useSelector(ref, (s) => connectGuide(s, ref), sameViewValues);
  const titleId = useId();
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>{t`Step-by-step guide`}</h1>
      {view.open && (
        <section aria-labelledby={titleId}>
          <GuideSteps view={view} titleId={titleId} />
        </section>
      )}
    </main>
  );
}
