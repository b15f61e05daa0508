import { fromPromise } from 'xstate';
import { pushTokenMachine } from '../../machines/pushToken.machine.ts';
import type { User } from '../../contract/user.ts';
import type { ContainerService } from '../services/container.ts';

export interface PushTokenDeps {
  container: Pick<ContainerService, 'pushToken'>;
  /** Stores the token on the member's record (PUT /v1/update/user) and answers the record as saved. */
  save: (token: string) => Promise<User>;
  log?: (message: string, error: unknown) => void;
}

/** The app's push-token child with the container behind it (spec 4, 7, 8). */
export function wirePushToken({ container, save, log = (message, error) => console.warn(message, error) }: PushTokenDeps) {
  return pushTokenMachine.provide({
    actors: {
      readPushToken: fromPromise(({ input }: { input: { brandId: string } }) => container.pushToken(input.brandId)),
      savePushToken: fromPromise(({ input }: { input: { token: string } }) => save(input.token)),
    },
    actions: {
      logFailure: (_, { error }) => log('The push token could not be sent:', error instanceof Error ? error.message : error),
    },
  });
}
