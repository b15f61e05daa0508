import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { serverTime, type saleQueueMachine } from '../../../machines/saleQueue.machine.ts';

export type SaleQueueRef = ActorRefFrom<typeof saleQueueMachine>;
type Snapshot = SnapshotFrom<typeof saleQueueMachine>;

/** What the panel shows for the variant shown: nothing, or where the member stands in its sale queue. */
export type SaleQueueStatus = 'hidden' | 'visitor' | 'joining' | 'closed' | 'waiting' | 'admitted' | 'soldOut' | 'left' | 'failed';

const day = 24 * 3_600_000;

/** Time left as a clock reads it: "9:41", "1:02:03"; null a day or more ahead (the date says enough). */
export function countdownText(ms: number): string | null {
  if (ms >= day) return null;
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

function statusOf(snapshot: Snapshot): SaleQueueStatus {
  if (!snapshot.matches('queue') || snapshot.matches({ queue: 'unqueued' })) return 'hidden';
  for (const status of ['visitor', 'closed', 'waiting', 'admitted', 'soldOut', 'left', 'failed'] as const) {
    if (snapshot.matches({ queue: status })) return status;
  }
  // Asking again or leaving: what was shown stays, until the answer.
  const state = snapshot.context.place?.state;
  return state === undefined ? 'joining' : state;
}

/** The sale queue's view values for the variant shown (issue 39) and its intents. */
export function connectSaleQueue(snapshot: Snapshot, ref: SaleQueueRef) {
  const { place, errorCode } = snapshot.context;
  const now = serverTime(snapshot.context);
  const onSaleAt = place?.onSaleAt ?? snapshot.context.onSaleAt;
  const saleStarted = onSaleAt === null || now >= onSaleAt;
  return {
    status: statusOf(snapshot),
    busy: snapshot.hasTag('busy'),
    onSaleAt,
    saleStarted,
    /** "9:41" until the sale starts (null once it has, or while it is a day or more away). */
    countdown: saleStarted ? null : countdownText(onSaleAt - now),
    opensAt: place?.opensAt ?? null,
    position: place?.position ?? null,
    estimateSeconds: place?.estimateSeconds ?? null,
    /** Whole minutes the turn lasts, as the server gave it. */
    turnMinutes: place?.admittedUntil != null ? Math.max(1, Math.ceil((place.admittedUntil - place.serverNow) / 60_000)) : null,
    errorCode: snapshot.matches({ queue: 'failed' }) ? errorCode : null,
    retry: () => ref.send({ type: 'saleQueue.retry' }),
    leave: () => ref.send({ type: 'saleQueue.leave' }),
    join: () => ref.send({ type: 'saleQueue.join' }),
    signIn: () => ref.send({ type: 'saleQueue.signIn' }),
  };
}

export type SaleQueueView = ReturnType<typeof connectSaleQueue>;
