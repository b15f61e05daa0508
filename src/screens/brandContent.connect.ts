import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { brandContentMachine } from '../../machines/brandContent.machine.ts';
import { sameViewValues } from '../appActor.ts';

export type BrandContentRef = ActorRefFrom<typeof brandContentMachine>;
type BrandContentSnapshot = SnapshotFrom<typeof brandContentMachine>;

export type BrandContentStatus = 'loading' | 'loaded' | 'failed';

function statusOf(snapshot: BrandContentSnapshot): BrandContentStatus {
  if (snapshot.matches('loaded')) return 'loaded';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

/** The brand's FAQ, About and contact texts as the More section's screens show them. */
export function connectBrandContent(snapshot: BrandContentSnapshot, ref: BrandContentRef) {
  return {
    status: statusOf(snapshot),
    content: snapshot.context.content,
    openFaqIds: snapshot.context.openFaqIds,
    errorCode: snapshot.context.errorCode,
    retry: () => ref.send({ type: 'brandContent.retry' }),
    toggleFaq: (id: string) => ref.send({ type: 'brandContent.faqToggled', id }),
    showLanguage: (language: string) => ref.send({ type: 'brandContent.languageChanged', language }),
  };
}

/** Starts the wired content machine in the active language and follows the member's language switches. */
export function useBrandContent(logic: typeof brandContentMachine) {
  const { i18n } = useLingui();
  const ref = useActorRef(logic, { input: { language: i18n.locale } });
  const view = useSelector(ref, (s) => connectBrandContent(s, ref), sameViewValues);
  const { showLanguage } = view;
  useEffect(() => showLanguage(i18n.locale), [i18n.locale]);
  return view;
}
