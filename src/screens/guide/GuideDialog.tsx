import { useId } from 'react';
import { createPortal } from 'react-dom';
import { useActorRef, useSelector } from '@xstate/react';
import type { guideMachine } from '../../../machines/guide.machine.ts';
import { sameViewValues } from '../../appActor.ts';
import { useModalFocus } from '../../components/useModalFocus.ts';
import { cx } from '../../components/cx.ts';
import * as dialogStyles from '../../components/dialog.css.ts';
import { connectGuide } from './guide.connect.ts';
import { GuideSteps, guideSteps } from './GuideSteps.tsx';
import * as styles from './guide.css.ts';

/** The guide over the signed-in app on a member's first visit on this device; Escape skips it. */
export function GuideDialog({ logic, seen }: { logic: typeof guideMachine; seen: boolean }) {
  const ref = useActorRef(logic, { input: { seen, stepCount: guideSteps.length } });
  const view = useSelector(ref, (s) => connectGuide(s, ref), sameViewValues);
  const titleId = useId();
  const focus = useModalFocus<HTMLDivElement>(view.open, view.skip);
  if (!view.open) return null;
  return createPortal(
    <div className={dialogStyles.backdrop}>
      <div
        ref={focus.ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx(dialogStyles.dialog, styles.dialog)}
        onKeyDown={focus.onKeyDown}
      >
        <GuideSteps view={view} titleId={titleId} />
      </div>
    </div>,
    document.body,
  );
}
