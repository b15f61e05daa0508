import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { claimedCodesMachine } from '../../../machines/claimedCodes.machine.ts';
import { groupClaimedCodes, type ClaimedCodeGroup } from '../../domain/claimedCodes.ts';

export type ClaimedCodesRef = ActorRefFrom<typeof claimedCodesMachine>;
type ClaimedCodesSnapshot = SnapshotFrom<typeof claimedCodesMachine>;

export type ClaimedCodesStatus = 'loading' | 'empty' | 'listed' | 'failed';

function statusOf(snapshot: ClaimedCodesSnapshot): ClaimedCodesStatus {
  if (snapshot.matches({ loaded: 'listed' })) return 'listed';
  if (snapshot.matches('loaded')) return 'empty';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

// Grouping once per loaded list, not on every render.
const groupsByList = new WeakMap<ClaimedCodesSnapshot['context']['codes'], ClaimedCodeGroup[]>();
function groupsOf(codes: ClaimedCodesSnapshot['context']['codes']): ClaimedCodeGroup[] {
  let groups = groupsByList.get(codes);
  if (!groups) groupsByList.set(codes, (groups = groupClaimedCodes(codes)));
  return groups;
}

export function connectClaimedCodes(snapshot: ClaimedCodesSnapshot, ref: ClaimedCodesRef) {
  return {
    status: statusOf(snapshot),
    groups: groupsOf(snapshot.context.codes),
    errorCode: snapshot.context.errorCode,
    clipboardRef: snapshot.children.clipboard,
    retry: () => ref.send({ type: 'claimedCodes.retry' }),
  };
}
