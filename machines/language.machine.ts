import { assign, fromPromise, sendParent, setup } from 'xstate';
import { notProvided } from './errorCode.ts';
import type { User } from '../contract/user.ts';

export const languages = ['en', 'sv', 'nb'] as const;
export type Language = (typeof languages)[number];

export interface LanguageInput {
  /** The language shown at start: the device's choice, else the browser's. */
  shown: Language;
  /** What was chosen on this device (kept across reloads and sign-ins), or null. */
  deviceChoice: Language | null;
  /** Who chose it: a member's id, or null when it was chosen signed out (the next member to sign in takes it as theirs). */
  chosenBy: string | null;
}

/** The device's choice as it is kept: the language and who chose it. */
export interface DeviceChoice {
  language: Language;
  memberId: string | null;
}

export interface LanguageContext {
  shown: Language;
  deviceChoice: Language | null;
  chosenBy: string | null;
  /** The signed-in member, or null. */
  memberId: string | null;
  /** The language on the signed-in member's record (null: never chosen), as last known. */
  memberLanguage: Language | null;
  /** The choice being saved to the record. */
  sending: Language | null;
}

export type LanguageEvent =
  /** The member picked a language on the Language screen. */
  | { type: 'language.choose'; language: Language }
  /** The app loaded the member (after sign-in or reload) with the language on their record. */
  | { type: 'language.memberLoaded'; memberId: string; language: Language | null }
  | { type: 'language.memberLeft' };

/** Told to the app when another language shows, so it fetches its server texts again. */
export interface LanguageChanged {
  type: 'app.languageChanged';
}

/** The device's choice counts for this member: they made it, or it was made signed out. */
const isChoiceOf = (context: LanguageContext, memberId: string) =>
  context.deviceChoice !== null && (context.chosenBy === null || context.chosenBy === memberId);

/** What shows for a member who signs in: their own device choice, else their record, else what shows. */
const languageFor = (context: LanguageContext, member: { memberId: string; language: Language | null }): Language =>
  isChoiceOf(context, member.memberId) ? context.deviceChoice! : (member.language ?? context.shown);

/**
 * The app's language (issue 23): the device's choice wins over the member's record, which wins
 * over the browser's languages. On a shared device a choice belongs to the member who made it:
 * another member who signs in there sees their own record's language, and theirs is never
 * overwritten with someone else's choice. A choice shows at once (`display`), is kept on the device, and is
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
    rememberChoice: (_, _params: DeviceChoice) => notProvided('rememberChoice'),
    /** A save that failed is only logged: the member keeps their choice. */
    logSaveFailure: (_, _params: { error: unknown }) => notProvided('logSaveFailure'),
    tellLanguageChanged: sendParent((): LanguageChanged => ({ type: 'app.languageChanged' })),
    tellUserSaved: sendParent((_, user: User) => ({ type: 'app.userUpdated', user })),
    choose: assign(({ context }, language: Language) => ({ deviceChoice: language, chosenBy: context.memberId })),
    /** The signed-in member and their record; a choice made signed out becomes theirs. */
    noteMember: assign(({ context }, member: { memberId: string; language: Language | null }) => ({
      memberId: member.memberId,
      memberLanguage: member.language,
      chosenBy: context.deviceChoice !== null && context.chosenBy === null ? member.memberId : context.chosenBy,
    })),
  },
  guards: {
    isOtherLanguage: ({ context }, language: Language) => language !== context.shown,
    /** Without their own choice on this device the member's record decides (a new device, or someone else's choice). */
    showsOtherForMember: ({ context }, member: { memberId: string; language: Language | null }) => languageFor(context, member) !== context.shown,
    /** The record lacks the member's own choice on this device (never saved, or a save that failed). */
    recordLagsDevice: ({ context }, member: { memberId: string; language: Language | null }) =>
      isChoiceOf(context, member.memberId) && context.deviceChoice !== member.language,
    /** A new choice the record does not have yet. */
    isNewToRecord: ({ context }, language: Language) => language !== context.memberLanguage,
    /** A choice made signed out, which the member signing in takes as theirs. */
    claimsChoice: ({ context }) => context.deviceChoice !== null && context.chosenBy === null,
    /** No other choice was made while the last one was being saved. */
    savedLastChoice: ({ context }) => context.deviceChoice === context.sending,
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ shown: input.shown, deviceChoice: input.deviceChoice, chosenBy: input.chosenBy, memberId: null, memberLanguage: null, sending: null }),
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
              { type: 'rememberChoice', params: ({ context }) => ({ language: context.deviceChoice!, memberId: context.chosenBy }) },
              assign({ shown: ({ event }) => event.language }),
            ],
          },
          // The language already shown, now chosen: it holds against the browser's and the record's from here on.
          {
            actions: [
              { type: 'choose', params: ({ event }) => event.language },
              { type: 'rememberChoice', params: ({ context }) => ({ language: context.deviceChoice!, memberId: context.chosenBy }) },
            ],
          },
        ],
      },
      states: {
        shown: {
          on: {
            'language.memberLoaded': {
              guard: { type: 'showsOtherForMember', params: ({ event }) => event },
              target: 'switching',
              actions: assign({ shown: ({ context, event }) => languageFor(context, event) }),
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
      on: { 'language.memberLeft': { target: '.signedOut', actions: assign({ memberId: null, memberLanguage: null }) } },
      states: {
        signedOut: {
          // The record is brought up to this device's choice when it lags.
          on: {
            'language.memberLoaded': [
              { guard: { type: 'recordLagsDevice', params: ({ event }) => event }, target: 'saving', actions: [{ type: 'noteMember', params: ({ event }) => event }, { type: 'rememberChoice', params: ({ context }) => ({ language: context.deviceChoice!, memberId: context.chosenBy }) }] },
              { guard: 'claimsChoice', target: 'saved', actions: [{ type: 'noteMember', params: ({ event }) => event }, { type: 'rememberChoice', params: ({ context }) => ({ language: context.deviceChoice!, memberId: context.chosenBy }) }] },
              { target: 'saved', actions: { type: 'noteMember', params: ({ event }) => event } },
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
              { guard: { type: 'recordLagsDevice', params: ({ event }) => event }, target: 'saving', actions: [{ type: 'noteMember', params: ({ event }) => event }, { type: 'rememberChoice', params: ({ context }) => ({ language: context.deviceChoice!, memberId: context.chosenBy }) }] },
              { guard: 'claimsChoice', target: 'saved', actions: [{ type: 'noteMember', params: ({ event }) => event }, { type: 'rememberChoice', params: ({ context }) => ({ language: context.deviceChoice!, memberId: context.chosenBy }) }] },
              { target: 'saved', actions: { type: 'noteMember', params: ({ event }) => event } },
            ],
          },
        },
      },
    },
  },
});

