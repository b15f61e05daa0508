import { fromCallback, type AnyEventObject } from 'xstate';
import { notProvided } from './errorCode.ts';

/** What a machine showing the server's texts sends itself once another language is active. */
export interface WhenLanguageChangesInput {
  tell: AnyEventObject;
}

/**
 * Invoked by a machine whose data the server names in the language shown (the cart, My orders,
 * My waiting lists, the offer page): sends it its own event once the app shows another language,
 * so it loads again in place. Told when the new language is active (Lingui's `change` event,
 * provided once by the wiring), so the API already asks in it.
 */
export const whenLanguageChanges = fromCallback<AnyEventObject, WhenLanguageChangesInput>(() => notProvided('whenLanguageChanges'));
