import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { vouchersMachine } from '../../../machines/vouchers.machine.ts';
import { groupClaimedCodes, type ClaimedCodeGroup } from '../../domain/claimedCodes.ts';

export type VouchersRef = ActorRefFrom<typeof vouchersMachine>;
type VouchersSnapshot = SnapshotFrom<typeof vouchersMachine>;

export type VouchersStatus = 'loading' | 'empty' | 'listed' | 'failed';

function statusOf(snapshot: VouchersSnapshot): VouchersStatus {
  if (snapshot.matches({ loaded: 'listed' })) return 'listed';
  if (snapshot.matches('loaded')) return 'empty';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

// Grouping once per loaded list, not on every render.
const groupsByList = new WeakMap<VouchersSnapshot['context']['codes'], ClaimedCodeGroup[]>();
function groupsOf(codes: VouchersSnapshot['context']['codes']): ClaimedCodeGroup[] {
  let groups = groupsByList.get(codes);
  if (!groups) groupsByList.set(codes, (groups = groupClaimedCodes(codes)));
  return groups;
}

export function connectVouchers(snapshot: VouchersSnapshot, ref: VouchersRef) {
  return {
    status: statusOf(snapshot),
    groups: groupsOf(snapshot.context.codes),
    errorCode: snapshot.context.errorCode,
    clipboardRef: snapshot.children.clipboard,
    retry: () => ref.send({ type: 'vouchers.retry' }),
  };
}
