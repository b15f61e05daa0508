import { assign, fromPromise, sendParent, setup } from 'xstate';
import { notProvided } from './errorCode.ts';
import type { User } from '../contract/user.ts';

export const languages = ['en', 'sv', 'nb'] as const;
export type Language = (typeof languages)[number];

export interface LanguageInput {
  /** The language shown at start: the device's choice, else the browser's. */
  shown: Language;
  /** What the member chose on this device (kept across reloads and sign-ins), or null. */
  deviceChoice: Language | null;
}

export interface LanguageContext {
  shown: Language;
  deviceChoice: Language | null;
  /** The language on the signed-in member's record (null: never chosen), as last known. */
  memberLanguage: Language | null;
  /** The choice being saved to the record. */
  sending: Language | null;
}

export type LanguageEvent =
  /** The member picked a language on the Language screen. */
  | { type: 'language.choose'; language: Language }
  /** The app loaded the member (after sign-in or reload) with the language on their record. */
  | { type: 'language.memberLoaded'; language: Language | null }
  | { type: 'language.memberLeft' };

/** Told to the app when another language shows, so it fetches its server texts again. */
export interface LanguageChanged {
  type: 'app.languageChanged';
}

/**
 * The app's language (issue 23): the device's choice wins over the member's record, which wins
 * over the browser's languages. A choice shows at once (`display`), is kept on the device, and is
 * stored on the member's record (`record`); a failed save keeps the choice and is tried again on
 * the next choice or the next time the member is loaded.
 */
export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    input: {} as LanguageInput,
  },
  actors: {
    /** Loads the language's texts and makes it the app's. */
    showLanguage: fromPromise<void, { language: Language }>(async () => notProvided('showLanguage')),
    /** PUT /v1/update/user with { language }: the member's mails follow it. */
    saveLanguage: fromPromise<User, { language: Language }>(async () => notProvided('saveLanguage')),
  },
  actions: {
    /** Keeps the choice on this device (persistent storage, not cleared by sign-out). */
    rememberChoice: (_, _params: { language: Language }) => notProvided('rememberChoice'),
    /** A save that failed is only logged: the member keeps their choice. */
    logSaveFailure: (_, _params: { error: unknown }) => notProvided('logSaveFailure'),
    tellLanguageChanged: sendParent((): LanguageChanged => ({ type: 'app.languageChanged' })),
    tellUserSaved: sendParent((_, user: User) => ({ type: 'app.userUpdated', user })),
    choose: assign((_, language: Language) => ({ deviceChoice: language })),
    noteRecord: assign((_, language: Language | null) => ({ memberLanguage: language })),
  },
  guards: {
    isOtherLanguage: ({ context }, language: Language) => language !== context.shown,
    /** Without a choice on this device the member's record decides (after sign-in on a new device). */
    adoptsMemberLanguage: ({ context }, language: Language | null) =>
      context.deviceChoice === null && language !== null && language !== context.shown,
    /** The record lacks what this device shows by choice (never saved, or a save that failed). */
    recordLagsDevice: ({ context }, record: Language | null) => context.deviceChoice !== null && context.deviceChoice !== record,
    /** A new choice the record does not have yet. */
    isNewToRecord: ({ context }, language: Language) => language !== context.memberLanguage,
    /** No other choice was made while the last one was being saved. */
    savedLastChoice: ({ context }) => context.deviceChoice === context.sending,
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ shown: input.shown, deviceChoice: input.deviceChoice, memberLanguage: null, sending: null }),
  type: 'parallel',
  states: {
    display: {
      initial: 'shown',
      on: {
        'language.choose': [
          {
            guard: { type: 'isOtherLanguage', params: ({ event }) => event.language },
            // Not reenter: that would leave the whole machine and start the record region over.
            target: '.switching',
            actions: [
              { type: 'choose', params: ({ event }) => event.language },
              { type: 'rememberChoice', params: ({ event }) => ({ language: event.language }) },
              assign({ shown: ({ event }) => event.language }),
            ],
          },
          // The language already shown, now chosen: it holds against the browser's and the record's from here on.
          {
            actions: [
              { type: 'choose', params: ({ event }) => event.language },
              { type: 'rememberChoice', params: ({ event }) => ({ language: event.language }) },
            ],
          },
        ],
      },
      states: {
        shown: {
          on: {
            'language.memberLoaded': {
              guard: { type: 'adoptsMemberLanguage', params: ({ event }) => event.language },
              target: 'switching',
              actions: assign({ shown: ({ event }) => event.language! }),
            },
          },
        },
        switching: {
          tags: ['switching'],
          invoke: {
            src: 'showLanguage',
            input: ({ context }) => ({ language: context.shown }),
            onDone: { target: 'shown', actions: 'tellLanguageChanged' },
            // The texts could not load (offline): the next choice tries again.
            onError: 'shown',
          },
        },
      },
    },
    record: {
      initial: 'signedOut',
      on: { 'language.memberLeft': { target: '.signedOut', actions: assign({ memberLanguage: null }) } },
      states: {
        signedOut: {
          // The record is brought up to this device's choice when it lags.
          on: {
            'language.memberLoaded': [
            {
              guard: { type: 'recordLagsDevice', params: ({ event }) => event.language },
              target: 'saving',
              actions: { type: 'noteRecord', params: ({ event }) => event.language },
            },
            { target: 'saved', actions: { type: 'noteRecord', params: ({ event }) => event.language } },
          ],
          },
        },
        saved: {
          on: {
            'language.choose': { guard: { type: 'isNewToRecord', params: ({ event }) => event.language }, target: 'saving' },
          },
        },
        saving: {
          entry: assign({ sending: ({ context }) => context.deviceChoice }),
          invoke: {
            src: 'saveLanguage',
            input: ({ context }) => ({ language: context.sending! }),
            onDone: [
              {
                guard: 'savedLastChoice',
                target: 'saved',
                actions: [assign({ memberLanguage: ({ context }) => context.sending }), { type: 'tellUserSaved', params: ({ event }) => event.output }],
              },
              // Chosen again while this one was on its way: the last choice is sent after it.
              {
                target: 'saving',
                reenter: true,
                actions: [assign({ memberLanguage: ({ context }) => context.sending }), { type: 'tellUserSaved', params: ({ event }) => event.output }],
              },
            ],
            onError: { target: 'unsaved', actions: { type: 'logSaveFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** The record still has the old language; the next choice or member load tries again. */
        unsaved: {
          on: {
            'language.choose': 'saving',
            'language.memberLoaded': [
                {
                  guard: { type: 'recordLagsDevice', params: ({ event }) => event.language },
                  target: 'saving',
                  actions: { type: 'noteRecord', params: ({ event }) => event.language },
                },
                { target: 'saved', actions: { type: 'noteRecord', params: ({ event }) => event.language } },
              ],
          },
        },
      },
    },
  },
});

