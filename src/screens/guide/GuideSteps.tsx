import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Button } from '../../components/Button.tsx';
import type { connectGuide } from './guide.connect.ts';
import * as styles from './guide.css.ts';

/** The guide's steps: the feed, offers and codes, tickets, More. */
export const guideSteps: { title: MessageDescriptor; text: MessageDescriptor }[] = [
  {
    title: msg`Your feed`,
    text: msg`The start page gathers articles, benefits and events for you. Scroll down for more, or search for something special.`,
  },
  {
    title: msg`Offers and promo codes`,
    text: msg`Open an offer to read more. Where there is a promo code, claim it and find it again under More, My promo codes.`,
  },
  {
    title: msg`Tickets`,
    text: msg`Choose a city, a date and how many tickets you want, add them to the cart and pay by card. Your tickets are under More, My orders.`,
  },
  {
    title: msg`More`,
    text: msg`Under More you find your profile, your orders, your favourite categories, the app's language and how to reach us.`,
  },
];

type GuideView = ReturnType<typeof connectGuide>;

/** One step with Back, Next (Done on the last) and Skip; a new step takes the focus to its title. */
export function GuideSteps({ view, titleId }: { view: GuideView; titleId: string }) {
  const { t, i18n } = useLingui();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(view.step);
  useEffect(() => {
    // Screen readers hear the new step; the first one is announced with the dialog or page.
    if (shownStep.current !== view.step) titleRef.current?.focus();
    shownStep.current = view.step;
  }, [view.step]);
  const step = guideSteps[view.step]!;
  return (
    <div className={styles.steps}>
      <p className={styles.counter}>{t`Step ${view.step + 1} of ${view.stepCount}`}</p>
      <h2 id={titleId} ref={titleRef} tabIndex={-1} className={styles.stepTitle}>
        {i18n._(step.title)}
      </h2>
      <p className={styles.text}>{i18n._(step.text)}</p>
      <div className={styles.actions}>
        {view.canGoBack && (
          <Button variant="secondary" className={styles.action} onClick={view.back}>
            {t`Back`}
          </Button>
        )}
        <Button className={styles.action} onClick={view.next}>
          {view.onLastStep ? t`Done` : t`Next`}
        </Button>
      </div>
      <Button variant="secondary" onClick={view.skip}>
        {t`Skip the guide`}
      </Button>
    </div>
  );
}
