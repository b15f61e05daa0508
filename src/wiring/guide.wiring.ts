import { guideMachine } from '../../machines/guide.machine.ts';
import { appChild } from '../appActor.ts';
import { persistedStore } from '../services/persistedStore.ts';
import { GuideDialog } from '../screens/guide/GuideDialog.tsx';
import { GuidePage } from '../screens/guide/GuidePage.tsx';
import { wired, type WiringDeps } from './wired.tsx';

/** Per brand and member, outside the cache prefix: sign-out does not bring the guide back. */
const seenStore = (brandId: string, memberId: string) => persistedStore<boolean>({ key: `klubb.guideSeen.${brandId}.${memberId}` });

function storeOf(app: WiringDeps['app']) {
  const { brand, member } = app.getSnapshot().context;
  return brand && member ? seenStore(brand.id, member.user.id) : null;
}

/** The first-visit dialog over the content shell: shown unless this member saw the guide on this device. */
export function wireGuideDialog({ app }: WiringDeps) {
  const store = storeOf(app);
  return {
    logic: guideMachine.provide({ actions: { markSeen: () => store?.write(true), leave: () => {} } }),
    seen: store?.read() === true,
  };
}

/** /more/guide: the guide again; when it ends the member goes back to where they came from. */
export function wireGuidePage({ app }: WiringDeps) {
  const store = storeOf(app);
  return {
    logic: guideMachine.provide({
      actions: {
        markSeen: () => store?.write(true),
        leave: () => {
          const navigator = appChild(app.getSnapshot(), 'navigator');
          if (!navigator) return;
          const { active, stacks } = navigator.getSnapshot().context;
          // Opened straight at /more/guide (a reload) there is nothing beneath it: More is.
          navigator.send((stacks[active]?.length ?? 0) > 1 ? { type: 'nav.back' } : { type: 'nav.push', path: '/more' });
        },
      },
    }),
  };
}

export const WiredGuideDialog = wired(GuideDialog, wireGuideDialog);
export const WiredGuidePage = wired(GuidePage, wireGuidePage);
