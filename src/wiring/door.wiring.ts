import { fromCallback, fromPromise } from 'xstate';
import { doorScanMachine, type DoorScanInput } from '../../machines/doorScan.machine.ts';
import { checkInTicket, getDoorEvenings, getDoorPack, syncDoorCheckIns } from '../api/door.ts';
import { observeConnection } from '../services/connection.ts';
import { createViewfinder, preloadDecoder, signalAnswer, watchCamera } from '../services/doorCamera.ts';
import { doorDeviceStore } from '../services/doorDevice.ts';
import { rememberBrandRole, rememberUser } from '../services/memberCache.ts';
import { checkTicketSignature, preloadTicketVerifier } from '../services/ticketSignature.ts';
import { DoorScreen } from '../screens/door/DoorScreen.tsx';
import { retryWhenOnline } from './retryWhenOnline.ts';
import { wired, type WiringDeps } from './wired.tsx';

const now = () => new Date().toISOString();

/** /door: the door machine over the door API, the device's storage, camera, speaker and vibration. */
export function wireDoor({ api, app }: WiringDeps) {
  const { brand, member } = app.getSnapshot().context;
  const brandId = brand?.id ?? '';
  // Saved again here: signing in from the dialog clears the caches after the member loads, and a
  // door reloaded without the API must still find its staff member and role (docs/door.md).
  if (member?.role) {
    rememberUser(member.user);
    rememberBrandRole(member.user.id, member.role);
  }
  const device = doorDeviceStore(brandId);
  const viewfinder = createViewfinder();
  const input: DoorScanInput = { brandId, deviceId: device.deviceId(), ...device.read() };
  // Both load while the network is there: a door that goes offline scans and checks without it.
  preloadDecoder(window);
  preloadTicketVerifier();
  return {
    input,
    viewfinder,
    logic: doorScanMachine.provide({
      actors: {
        loadEvenings: fromPromise(() => getDoorEvenings(api)),
        loadPack: fromPromise(({ input }) => getDoorPack(api, input.eveningId)),
        checkIn: fromPromise(async ({ input }) => ({ outcome: await checkInTicket(api, input), at: now() })),
        checkSignature: fromPromise(async ({ input }) => ({ check: await checkTicketSignature(input.code, input.pack.publicKeys), at: now() })),
        syncCheckIns: fromPromise(({ input }) => syncDoorCheckIns(api, input)),
        camera: fromCallback(({ sendBack }) =>
          watchCamera(
            window,
            viewfinder,
            (code) => sendBack({ type: 'door.scanned', code }),
            () => sendBack({ type: 'door.cameraFailed' }),
          ),
        ),
        watchConnection: fromCallback(({ sendBack }) =>
          observeConnection(window, (event) => sendBack({ type: event.type === 'connection.lost' ? 'door.offline' : 'door.online' })),
        ),
        retryWhenOnline,
      },
      actions: {
        storeDevice: ({ self }, { door, stored }) => self.send({ type: 'door.pendingStored', saved: device.write(door, stored) }),
        signal: (_, { admitted }) => signalAnswer(window, admitted),
      },
    }),
  };
}

/** The door screen with its wiring: one lazy chunk (with jsQR and jose loaded from it on use), never in a member's first load. */
export const WiredDoorScreen = wired(DoorScreen, wireDoor);
