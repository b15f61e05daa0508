import { assign, fromCallback, fromPromise, raise, setup, stateIn } from 'xstate';
import type { DoorCheckInBody, DoorEvening, DoorPack, DoorSyncAnswer, DoorSyncBody } from '../contract/door.ts';
import { callErrorOf, errorCodeParams, notProvided } from './errorCode.ts';
import { retryWhenOnline } from './retryWhenOnline.ts';
import { afterDeviceAnswer, afterServerAnswer, afterSync, doorNameOf, droppedPending, initialDoorContext, isInAlready, refreshedPack, storedParams, syncsPerPackRefresh } from './doorScan.rules.ts';
import type { DoorScanContext, DoorScanEvent, DoorScanInput, ScanAnswer, SignatureCheck, StoredDoor } from './doorScan.rules.ts';

export type { DoorScanContext, DoorScanEvent, DoorScanInput, ScanAnswer };

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
    /** GET /v1/door/evenings/:eveningId/pack. */
    loadPack: fromPromise<DoorPack, { eveningId: string }>(async () => notProvided('loadPack')),
    /** POST /v1/door/check-ins, answered with the time of the answer. */
    checkIn: fromPromise<ScanAnswer, DoorCheckInBody>(async () => notProvided('checkIn')),
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
    /** Keeps the door's name, the pack and the pending admissions on the device; tells door.pendingStored. */
    storeDevice: (_, _params: { door: string; stored: StoredDoor | null }) => notProvided('storeDevice'),
    /** A sound and a vibration, different for admitted and refused (the staff looks at the queue, not the phone). */
    signal: (_, _params: { admitted: boolean }) => notProvided('signal'),
    keepSyncAnswer: assign(({ context }, params: { answer: DoorSyncAnswer }) => ({ ...afterSync({ ...context, pack: context.pack! }, params.answer), syncErrorCode: null })),
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
    hasPendingWithoutPack: ({ context }) => context.eveningId !== null && context.pending.length > 0,
    isSyncStuck: ({ context }) => context.syncErrorCode !== null && context.pending.length > 0,
    isInAlready: ({ context }, params: { check: SignatureCheck }) => isInAlready(params.check, { pack: context.pack!, brandId: context.brandId }),
    // After a sync that sent admissions (other doors may have sent theirs too), else now and then.
    needsFreshPack: ({ context }, params: { sent: number }) => params.sent > 0 || context.syncsBeforeRefresh <= 1,
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
  context: initialDoorContext,
  initial: 'starting',
  on: {
    'door.doorNamed': { actions: assign({ door: ({ event }) => event.door }) },
    'door.pendingStored': { actions: assign({ pendingNotSaved: ({ event }) => !event.saved }) },
  },
  states: {
    // Signed out with admissions not synced: the pack (names) is gone, the evening and codes are kept.
    starting: { always: [{ guard: 'hasStoredPack', target: 'ready' }, { guard: 'hasPendingWithoutPack', target: 'loadingPack' }, { target: 'choosing' }] },
    /** The staff names the door and picks the evening. */
    choosing: {
      // The evening left is still held (its pack stays stored until another loads): back to it, also offline.
      on: { 'door.backToEvening': { guard: 'hasStoredPack', target: 'ready', actions: assign({ eveningId: ({ context }) => context.pack!.evening.eveningId, errorCode: null }) } },
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
              actions: assign({ door: ({ context }) => doorNameOf(context.door)!, eveningId: ({ event }) => event.eveningId }),
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
        input: ({ context }) => ({ eveningId: context.eveningId! }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({
              // The previous evening's pack stays until this one is in; pending are only this evening's here.
              pack: refreshedPack(event.output, null, context.pending, context.door),
              syncsBeforeRefresh: syncsPerPackRefresh,
              doubleEntries: [], refusedAtSync: [], result: null, errorCode: null, syncErrorCode: null,
            })),
            { type: 'storeDevice', params: storedParams },
          ],
        },
        onError: [
          { guard: 'hasNonePending', target: 'choosing.listed', actions: assign({ errorCode: ({ event }) => callErrorOf(event.error).code }) },
          { target: 'packFailed', actions: assign({ errorCode: ({ event }) => callErrorOf(event.error).code }) },
        ],
      },
    },
    /** The pack of the evening that has admissions to sync could not load: tried again, never given up. */
    packFailed: {
      invoke: { src: 'retryWhenOnline', input: { retry: { type: 'door.retry' } } },
      on: { 'door.retry': 'loadingPack' },
    },
    ready: {
      type: 'parallel',
      invoke: { src: 'watchConnection' },
      on: {
        // Admissions the server has not heard of are never dropped; the stored pack stays until another one loads.
        'door.changeEvening': { guard: 'hasNonePending', target: 'choosing', actions: assign({ result: null, evenings: [] }) },
        'door.dropPendingAndChangeEvening': {
          guard: 'isSyncStuck',
          target: 'choosing',
          actions: [assign(({ context }) => ({ ...droppedPending(context), result: null, evenings: [] })), { type: 'storeDevice', params: storedParams }],
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
                routing: { always: [{ guard: 'isOffline', target: 'onDevice' }, { target: 'knownHere' }] },
                /** A ticket this device let in (pending, or in its pack) is answered at once: the server may not know of it yet. */
                knownHere: {
                  invoke: {
                    src: 'checkSignature',
                    input: ({ context }) => ({ code: context.lastCode!, pack: context.pack! }),
                    onDone: [
                      {
                        guard: { type: 'isInAlready', params: ({ event }) => event.output },
                        target: '#doorScan.ready.scan.answered',
                        actions: assign(({ context, event }) =>
                          afterDeviceAnswer({ ...context, pack: context.pack!, code: context.lastCode! }, event.output.check, event.output.at),
                        ),
                      },
                      { target: 'atServer' },
                    ],
                    onError: 'atServer',
                  },
                },
                atServer: {
                  invoke: {
                    src: 'checkIn',
                    input: ({ context }) => ({ eveningId: context.eveningId!, code: context.lastCode!, door: context.door, deviceId: context.deviceId }),
                    onDone: {
                      target: '#doorScan.ready.scan.answered',
                      actions: [
                        assign(({ context, event }) => afterServerAnswer(context.pack!, context.door, event.output)),
                        { type: 'storeDevice', params: storedParams },
                      ],
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
                  eveningId: context.eveningId!,
                  door: context.door,
                  deviceId: context.deviceId,
                  checkIns: context.pending.slice(0, 500).map(({ code, at }) => ({ code, at })),
                }),
                onDone: [
                  { guard: { type: 'needsFreshPack', params: ({ event }) => ({ sent: event.output.results.length }) }, target: 'refreshing', actions: [{ type: 'keepSyncAnswer', params: ({ event }) => ({ answer: event.output }) }, { type: 'storeDevice', params: storedParams }] },
                  { target: 'waiting', actions: [{ type: 'keepSyncAnswer', params: ({ event }) => ({ answer: event.output }) }, { type: 'storeDevice', params: storedParams }, assign({ syncsBeforeRefresh: ({ context }) => context.syncsBeforeRefresh - 1 })] },
                ],
                onError: [
                  { guard: { type: 'isNetworkFailure', params: errorCodeParams }, target: 'offline' },
                  { target: 'waiting', actions: assign({ syncErrorCode: ({ event }) => callErrorOf(event.error).code }) },
                ],
              },
            },
            /** The pack afresh: other doors' check-ins and newly voided tickets, for the next time the network goes. */
            refreshing: {
              invoke: {
                src: 'loadPack',
                input: ({ context }) => ({ eveningId: context.eveningId! }),
                onDone: {
                  target: 'waiting',
                  actions: [
                    assign(({ context, event }) => ({
                      pack: refreshedPack(event.output, context.pack, context.pending, context.door),
                      syncsBeforeRefresh: syncsPerPackRefresh,
                    })),
                    { type: 'storeDevice', params: storedParams },
                  ],
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
