import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { languageMachine, type DeviceChoice, type Language } from '../../machines/language.machine.ts';
import type { User } from '../../contract/user.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { testMember } from './fixtures.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The app's language over the real machine, fake catalogs and a fake member record (issue 23).
 * The model: the device's choice wins over the member's record, which wins over the browser's
 * language; a choice shows at once, stays on the device and is stored on the record when a
 * member is signed in; a failed save keeps the choice on the device and is made good the next
 * time the member is loaded. The browser says English; the member's record starts as Norwegian
 * (chosen on another device).
 */
interface World {
  shown: Language;
  device: Language | null;
  signedIn: boolean;
  /** The member's record on the server. */
  record: Language;
  serverUp: boolean;
  /** How often the app was told to fetch its texts again. */
  changes: number;
}

function next(w: World, event: string): World | null {
  const choose = (language: Language): World => ({
    ...w,
    shown: language,
    device: language,
    record: w.signedIn && w.serverUp ? language : w.record,
    changes: w.changes + (language !== w.shown ? 1 : 0),
  });
  switch (event) {
    case 'CHOOSE_SV':
      return w.changes < 3 ? choose('sv') : null;
    case 'CHOOSE_EN':
      return w.changes < 3 ? choose('en') : null;
    case 'SIGN_IN': {
      if (w.signedIn) return null;
      const adopts = w.device === null && w.record !== w.shown;
      const shown = w.device === null ? w.record : w.shown;
      const record = w.device !== null && w.serverUp ? w.device : w.record;
      return { ...w, signedIn: true, shown, record, changes: w.changes + (adopts ? 1 : 0) };
    }
    case 'SIGN_OUT':
      return w.signedIn ? { ...w, signedIn: false } : null;
    case 'SERVER_DOWN':
      return w.serverUp ? { ...w, serverUp: false } : null;
    case 'SERVER_UP':
      return w.serverUp ? null : { ...w, serverUp: true };
    default:
      return null;
  }
}

const events = ['CHOOSE_SV', 'CHOOSE_EN', 'SIGN_IN', 'SIGN_OUT', 'SERVER_DOWN', 'SERVER_UP'];
const name = (w: World) => JSON.stringify(w);
const start: World = { shown: 'en', device: null, signedIn: false, record: 'nb', serverUp: true, changes: 0 };
const model = createTestModel(createMachine({ id: 'languageWorld', initial: name(start), states: exploreWorlds(start, events, next, name) }));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The real machine with a fake catalog loader, device storage and member record. */
function startLanguage() {
  const server = { record: 'nb' as Language, up: true, saves: 0 };
  const device: { choice: DeviceChoice | null } = { choice: null };
  const told: { changes: number; users: User[] } = { changes: 0, users: [] };
  const actor = createActor(
    languageMachine.provide({
      actors: {
        showLanguage: fromPromise(async () => {}),
        saveLanguage: fromPromise<User, { language: Language }>(async ({ input }) => {
          server.saves++;
          if (!server.up) throw new ApiError(600, 'failed_to_fetch', 'Network Error');
          server.record = input.language;
          return { ...testMember().user, language: input.language } satisfies User;
        }),
      },
      actions: {
        rememberChoice: (_, choice) => void (device.choice = choice),
        logSaveFailure: () => {},
        tellLanguageChanged: () => void told.changes++,
        tellUserSaved: (_, user) => void told.users.push(user),
      },
    }),
    { input: { shown: 'en', deviceChoice: null, chosenBy: null } },
  ).start();
  return { actor, server, device, told };
}

describe('the app language, generated paths over the machine and a fake member record', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(steps, async () => {
      const { actor, server, device, told } = startLanguage();
      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = JSON.parse(String(state.value)) as World;
            await settle();
            expect(actor.getSnapshot().context.shown).toBe(w.shown);
            expect(actor.getSnapshot().hasTag('switching')).toBe(false);
            // One member on this device: every choice is (or becomes, at sign-in) theirs.
            expect(device.choice?.language ?? null).toBe(w.device);
            expect(server.record).toBe(w.record);
            expect(told.changes).toBe(w.changes);
            // Every saved record goes back to the app's member.
            if (told.users.length > 0) expect(told.users.at(-1)!.language).toBe(server.record);
          },
        },
        events: {
          CHOOSE_SV: () => actor.send({ type: 'language.choose', language: 'sv' }),
          CHOOSE_EN: () => actor.send({ type: 'language.choose', language: 'en' }),
          SIGN_IN: () => actor.send({ type: 'language.memberLoaded', memberId: 'member-1', language: server.record }),
          SIGN_OUT: () => actor.send({ type: 'language.memberLeft' }),
          SERVER_DOWN: () => void (server.up = false),
          SERVER_UP: () => void (server.up = true),
        },
      });
      actor.stop();
    });
  }
});

describe('the app language, by hand', () => {
  it('sends a choice made while the last one is being saved after it, so the record ends on the last', async () => {
    const sent: Language[] = [];
    const pending: (() => void)[] = [];
    const actor = createActor(
      languageMachine.provide({
        actors: {
          showLanguage: fromPromise(async () => {}),
          saveLanguage: fromPromise(
            ({ input }: { input: { language: Language } }) =>
              new Promise<User>((resolve) => {
                sent.push(input.language);
                pending.push(() => resolve({ ...testMember().user, language: input.language }));
              }),
          ),
        },
        actions: { rememberChoice: () => {}, logSaveFailure: () => {}, tellLanguageChanged: () => {}, tellUserSaved: () => {} },
      }),
      { input: { shown: 'en', deviceChoice: null, chosenBy: null } },
    ).start();
    actor.send({ type: 'language.memberLoaded', memberId: 'member-1', language: null });
    actor.send({ type: 'language.choose', language: 'sv' });
    actor.send({ type: 'language.choose', language: 'nb' });
    await settle();
    expect(sent).toEqual(['sv']);
    pending.shift()!();
    await settle();
    expect(sent).toEqual(['sv', 'nb']);
    pending.shift()!();
    await settle();
    expect(actor.getSnapshot().context.memberLanguage).toBe('nb');
    expect(actor.getSnapshot().matches({ record: 'saved' })).toBe(true);
  });

  it('on a shared device, keeps one member’s choice off another’s record and shows each their own', async () => {
    const records: Record<string, Language | null> = { anna: 'nb', bo: 'sv', cai: null };
    let signedIn: string | null = null;
    let stored: DeviceChoice | null = null;
    const actor = createActor(
      languageMachine.provide({
        actors: {
          showLanguage: fromPromise(async () => {}),
          saveLanguage: fromPromise<User, { language: Language }>(async ({ input }) => {
            records[signedIn!] = input.language;
            return { ...testMember().user, id: signedIn!, language: input.language };
          }),
        },
        actions: { rememberChoice: (_, choice) => void (stored = choice), logSaveFailure: () => {}, tellLanguageChanged: () => {}, tellUserSaved: () => {} },
      }),
      { input: { shown: 'en', deviceChoice: null, chosenBy: null } },
    ).start();
    const signIn = async (member: string) => {
      signedIn = member;
      actor.send({ type: 'language.memberLoaded', memberId: member, language: records[member]! });
      await settle();
    };
    const signOut = () => actor.send({ type: 'language.memberLeft' });

    // Anna picks English on the device.
    await signIn('anna');
    actor.send({ type: 'language.choose', language: 'en' });
    await settle();
    expect(records.anna).toBe('en');
    expect(stored).toEqual({ language: 'en', memberId: 'anna' });
    signOut();
    // Bo signs in on it: he reads his own Swedish, and his record keeps it.
    await signIn('bo');
    expect(actor.getSnapshot().context.shown).toBe('sv');
    expect(records.bo).toBe('sv');
    signOut();
    // Cai never chose and the device's choice is Anna's: what shows stays, and Cai's record is left alone.
    await signIn('cai');
    expect(actor.getSnapshot().context.shown).toBe('sv');
    expect(records.cai).toBeNull();
    signOut();
    // Anna comes back to her own choice.
    await signIn('anna');
    expect(actor.getSnapshot().context.shown).toBe('en');
    signOut();
    // Picked signed out on the sign-in screen: the next member to sign in takes it as theirs.
    actor.send({ type: 'language.choose', language: 'nb' });
    await settle();
    expect(stored).toEqual({ language: 'nb', memberId: null });
    await signIn('bo');
    expect(records.bo).toBe('nb');
    expect(stored).toEqual({ language: 'nb', memberId: 'bo' });
  });
});
