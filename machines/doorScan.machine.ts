import { assign, fromCallback, fromPromise, raise, setup, stateIn } from 'xstate';
import type { DoorEvening, DoorPack, DoorPackTicket, DoorSyncAnswer, DoorSyncBody, DoubleEntry, ScanOutcome } from '../contract/door.ts';
import { callErrorOf, errorCodeParams, notProvided } from './errorCode.ts';
import { retryWhenOnline } from './retryWhenOnline.ts';
import {
  afterDeviceAnswer,
  afterServerAnswer,
  doorNameOf,
  afterSync,
  withPending,
  type DoorScanEvent,
  type DoorScanInput,
  type ScanAnswer,
  type PendingCheckIn,
  type SignatureCheck,
  type StoredDoor,
} from './doorScan.rules.ts';

export type { DoorScanEvent, DoorScanInput, ScanAnswer };

export interface DoorScanContext {
  brandId: string;
  door: string;
  evenings: DoorEvening[];
  /** The evening whose pack is loading. */
  chosenOfferId: string | null;
  /** The evening's offline pack; its check-ins hold this device's own admissions too. */
  pack: DoorPack | null;
  /** Admitted while offline, not yet synced. */
  pending: PendingCheckIn[];
  /** The last scan's answer, shown until the next scan. */
  result: ScanOutcome | null;
  /** Whether the last answer was the device's own (offline). */
  resultOffline: boolean;
  /** The code shown last: the camera, still pointed at it when the answer times out, does not scan it again. */
  lastCode: string | null;
  skipCode: string | null;
  doubleEntries: DoubleEntry[];
  /** Admitted offline here, refused by the server at the sync (voided meanwhile): the staff should know. */
  refusedAtSync: DoorPackTicket[];
  errorCode: string | null;
}

const storedParams = ({ context }: { context: DoorScanContext }) => ({ door: context.door, stored: { pack: context.pack!, pending: context.pending } });

/**
 * The door screen (issue 43; docs/door.md): choose the evening, load its offline pack, then scan
 * ticket after ticket. Online the server checks in (one atomic step); offline the device verifies
 * with the pack and keeps the admission to sync. Beside the scanning runs the sync: back online
 * it sends what was admitted offline, and it keeps asking while online, so a door learns of a
 * double entry another door's sync found.
 */
export const doorScanMachine = setup({
  types: { context: {} as DoorScanContext, events: {} as DoorScanEvent, input: {} as DoorScanInput },
  actors: {
    /** GET /v1/door/evenings. */
    loadEvenings: fromPromise<DoorEvening[]>(async () => notProvided('loadEvenings')),
    /** GET /v1/door/evenings/:offerId/pack. */
    loadPack: fromPromise<DoorPack, { offerId: string }>(async () => notProvided('loadPack')),
    /** POST /v1/door/check-ins, answered with the time of the answer. */
    checkIn: fromPromise<ScanAnswer, { offerId: string; code: string; door: string }>(async () => notProvided('checkIn')),
    /** The code's signature against the pack's public keys (jose, loaded with the door screen). */
    checkSignature: fromPromise<{ check: SignatureCheck; at: string }, { code: string; pack: DoorPack }>(async () => notProvided('checkSignature')),
    /** POST /v1/door/sync. */
    syncCheckIns: fromPromise<DoorSyncAnswer, DoorSyncBody>(async () => notProvided('syncCheckIns')),
    /** The camera while scanning: door.scanned per code read, door.cameraFailed; stops the camera on exit. */
    camera: fromCallback(() => notProvided('camera')),
    /** The browser's online and offline events as door.online and door.offline (door.offline at once when it starts offline). */
    watchConnection: fromCallback(() => notProvided('watchConnection')),
    retryWhenOnline,
  },
  actions: {
    /** Keeps the door's name, the pack and the pending admissions on the device. */
    storeDevice: (_, _params: { door: string; stored: StoredDoor | null }) => notProvided('storeDevice'),
    /** A sound and a vibration, different for admitted and refused (the staff looks at the queue, not the phone). */
    signal: (_, _params: { admitted: boolean }) => notProvided('signal'),
    keepCode: assign((_, params: { code: string }) => ({ lastCode: params.code.trim(), errorCode: null })),
  },
  delays: {
    /** How long an answer shows before the camera scans again by itself. */
    resultShown: 6000,
    /** How often a door that is online syncs. */
    syncInterval: 10_000,
  },
  guards: {
    hasStoredPack: ({ context }) => context.pack !== null,
    hasNonePending: ({ context }) => context.pending.length === 0,
    isDoorName: (_, params: { door: string }) => doorNameOf(params.door) !== null,
    isSkipped: ({ context }, params: { code: string }) => context.skipCode === params.code.trim(),
    isOffline: stateIn('#doorOffline'),
    isPageHidden: stateIn('#doorPageHidden'),
    isNetworkFailure: (_, params: { code: string }) => params.code === 'failed_to_fetch',
    isAdmitted: ({ context }) => context.result?.outcome === 'admitted',
    isAlreadyAdmitted: ({ context }) => context.result?.outcome === 'alreadyAdmitted',
    hasCode: (_, params: { code: string }) => params.code.trim().length > 0,
  },
}).createMachine({
  id: 'doorScan',
  context: ({ input }) => ({
    brandId: input.brandId,
    door: input.door,
    evenings: [],
    chosenOfferId: null,
    pack: input.stored?.pack ?? null,
    pending: input.stored?.pending ?? [],
    result: null,
    resultOffline: false,
    lastCode: null,
    skipCode: null,
    doubleEntries: [],
    refusedAtSync: [],
    errorCode: null,
  }),
  initial: 'starting',
  on: {
    'door.doorNamed': { actions: assign({ door: ({ event }) => event.door }) },
  },
  states: {
    starting: { always: [{ guard: 'hasStoredPack', target: 'ready' }, { target: 'choosing' }] },
    /** The staff names the door and picks the evening. */
    choosing: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadEvenings',
            onDone: { target: 'listed', actions: assign({ evenings: ({ event }) => event.output, errorCode: null }) },
            onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => callErrorOf(event.error).code }) },
          },
        },
        listed: {
          on: {
            'door.chooseEvening': {
              guard: { type: 'isDoorName', params: ({ context }) => ({ door: context.door }) },
              target: '#doorScan.loadingPack',
              actions: assign({ door: ({ context }) => doorNameOf(context.door)!, chosenOfferId: ({ event }) => event.offerId }),
            },
          },
        },
        failed: {
          invoke: { src: 'retryWhenOnline', input: { retry: { type: 'door.retry' } } },
          on: { 'door.retry': 'loading' },
        },
      },
    },
    loadingPack: {
      tags: ['busy'],
      invoke: {
        src: 'loadPack',
        input: ({ context }) => ({ offerId: context.chosenOfferId! }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ pack: ({ event }) => event.output, pending: [], doubleEntries: [], refusedAtSync: [], result: null, errorCode: null }),
            { type: 'storeDevice', params: ({ context }) => ({ door: context.door, stored: { pack: context.pack!, pending: [] } }) },
          ],
        },
        onError: { target: 'choosing.listed', actions: assign({ errorCode: ({ event }) => callErrorOf(event.error).code }) },
      },
    },
    ready: {
      type: 'parallel',
      invoke: { src: 'watchConnection' },
      on: {
        'door.changeEvening': {
          // Admissions the server has not heard of are never dropped.
          guard: 'hasNonePending',
          target: 'choosing',
          actions: [
            assign({ pack: null, pending: [], result: null, doubleEntries: [], refusedAtSync: [], evenings: [] }),
            { type: 'storeDevice', params: ({ context }) => ({ door: context.door, stored: null }) },
          ],
        },
      },
      states: {
        scan: {
          initial: 'scanning',
          states: {
            scanning: {
              initial: 'starting',
              on: {
                'door.scanned': [
                  { guard: { type: 'isSkipped', params: ({ event }) => event }, actions: [] },
                  { guard: { type: 'hasCode', params: ({ event }) => event }, target: 'verifying', actions: { type: 'keepCode', params: ({ event }) => event } },
                ],
                'door.codeEntered': { guard: { type: 'hasCode', params: ({ event }) => event }, target: 'verifying', actions: { type: 'keepCode', params: ({ event }) => event } },
              },
              states: {
                starting: { always: [{ guard: 'isPageHidden', target: 'paused' }, { target: 'watching' }] },
                watching: { invoke: { src: 'camera' }, on: { 'door.cameraFailed': 'unavailable', 'door.pageHidden': 'paused' } },
                /** Another tab shows: the camera is off (its light too) until the door page is back. */
                paused: { on: { 'door.pageShown': 'watching' } },
                /** No camera, or no permission: the staff types the codes. */
                unavailable: { on: { 'door.retryCamera': 'watching' } },
              },
            },
            verifying: {
              tags: ['busy'],
              initial: 'routing',
              states: {
                routing: { always: [{ guard: 'isOffline', target: 'onDevice' }, { target: 'atServer' }] },
                atServer: {
                  invoke: {
                    src: 'checkIn',
                    input: ({ context }) => ({ offerId: context.pack!.evening.offerId, code: context.lastCode!, door: context.door }),
                    onDone: {
                      target: '#doorScan.ready.scan.answered',
                      actions: assign(({ context, event }) => afterServerAnswer(context.pack!, context.door, event.output)),
                    },
                    onError: [
                      // No network after all: the device answers, and the sync waits for the browser's online event.
                      { guard: { type: 'isNetworkFailure', params: errorCodeParams }, target: 'onDevice', actions: raise({ type: 'door.offline' }) },
                      { target: '#doorScan.ready.scan.scanning', actions: assign({ errorCode: ({ event }) => callErrorOf(event.error).code }) },
                    ],
                  },
                },
                onDevice: {
                  invoke: {
                    src: 'checkSignature',
                    input: ({ context }) => ({ code: context.lastCode!, pack: context.pack! }),
                    onDone: {
                      target: '#doorScan.ready.scan.answered',
                      actions: [
                        assign(({ context, event }) =>
                          afterDeviceAnswer({ ...context, pack: context.pack!, code: context.lastCode! }, event.output.check, event.output.at),
                        ),
                        { type: 'storeDevice', params: storedParams },
                      ],
                    },
                    onError: { target: '#doorScan.ready.scan.scanning', actions: assign({ errorCode: ({ event }) => callErrorOf(event.error).code }) },
                  },
                },
              },
            },
            /** The answer, big: admitted, already admitted, or refused with its reason. */
            answered: {
              entry: { type: 'signal', params: ({ context }) => ({ admitted: context.result?.outcome === 'admitted' }) },
              initial: 'deciding',
              states: {
                deciding: { always: [{ guard: 'isAdmitted', target: 'admitted' }, { guard: 'isAlreadyAdmitted', target: 'alreadyAdmitted' }, { target: 'refused' }] },
                admitted: { tags: ['admitted'] },
                alreadyAdmitted: { tags: ['alreadyAdmitted'] },
                refused: { tags: ['refused'] },
              },
              on: { 'door.next': { target: 'scanning', actions: assign({ skipCode: null, result: null }) } },
              after: { resultShown: { target: 'scanning', actions: assign({ skipCode: ({ context }) => context.lastCode, result: null }) } },
            },
          },
        },
        page: {
          initial: 'shown',
          states: { shown: { on: { 'door.pageHidden': 'hidden' } }, hidden: { id: 'doorPageHidden', on: { 'door.pageShown': 'shown' } } },
        },
        sync: {
          initial: 'syncing',
          on: { 'door.offline': '.offline' },
          states: {
            syncing: {
              invoke: {
                src: 'syncCheckIns',
                input: ({ context }) => ({
                  offerId: context.pack!.evening.offerId,
                  door: context.door,
                  checkIns: context.pending.slice(0, 500).map(({ code, at }) => ({ code, at })),
                }),
                onDone: {
                  target: 'refreshing',
                  actions: [
                    assign(({ context, event }) => afterSync({ ...context, pack: context.pack! }, event.output)),
                    { type: 'storeDevice', params: storedParams },
                  ],
                },
                onError: [{ guard: { type: 'isNetworkFailure', params: errorCodeParams }, target: 'offline' }, { target: 'waiting' }],
              },
            },
            /** The pack afresh: other doors' check-ins and newly voided tickets, for the next time the network goes. */
            refreshing: {
              invoke: {
                src: 'loadPack',
                input: ({ context }) => ({ offerId: context.pack!.evening.offerId }),
                onDone: {
                  target: 'waiting',
                  actions: [assign({ pack: ({ context, event }) => withPending(event.output, context.pending, context.door) }), { type: 'storeDevice', params: storedParams }],
                },
                onError: [{ guard: { type: 'isNetworkFailure', params: errorCodeParams }, target: 'offline' }, { target: 'waiting' }],
              },
            },
            waiting: { after: { syncInterval: 'syncing' } },
            // Also tried now and then: a dead Wi-Fi never fires the browser's online event.
            offline: { id: 'doorOffline', tags: ['offline'], on: { 'door.online': 'syncing' }, after: { syncInterval: 'syncing' } },
          },
        },
      },
    },
  },
});
