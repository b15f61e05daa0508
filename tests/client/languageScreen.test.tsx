import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { languageMachine, type Language } from '../../machines/language.machine.ts';
import type { User } from '../../contract/user.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { activateLocale, loadMessages } from '../../src/i18n/i18n.ts';
import { readDeviceChoice, rememberDeviceChoice, startLanguage } from '../../src/services/languageChoice.ts';
import { LanguageChoice } from '../../src/screens/language/LanguageScreen.tsx';
import { testMember } from '../machines/fixtures.ts';
import { renderScreen } from '../machines/offerListHarness.tsx';

/** The Language screen over the machine wired as the composition root does: the real catalogs and device storage, a fake member record. */
function renderLanguage(saveFails = false) {
  const saved: Language[] = [];
  const actor = createActor(
    languageMachine.provide({
      actors: {
        showLanguage: fromPromise(({ input }: { input: { language: Language } }) => activateLocale(input.language)),
        saveLanguage: fromPromise<User, { language: Language }>(async ({ input }) => {
          if (saveFails) throw new ApiError(600, 'failed_to_fetch', 'Network Error');
          saved.push(input.language);
          return { ...testMember().user, language: input.language };
        }),
      },
      actions: {
        rememberChoice: (_, choice) => rememberDeviceChoice(choice),
        logSaveFailure: (_, { error }) => console.warn('The language could not be saved on the member', error),
        tellLanguageChanged: () => {},
        tellUserSaved: () => {},
      },
    }),
    { input: startLanguage(['en-GB']) },
  ).start();
  actor.send({ type: 'language.memberLoaded', memberId: 'member-1', language: null });
  renderScreen(<LanguageChoice languageRef={actor} />);
  return { actor, saved };
}

afterEach(async () => {
  await activateLocale('en');
  vi.restoreAllMocks();
});

describe('the Language screen', () => {
  it('names each language in itself and switches the app’s texts at once, keeping the choice on the device and the member', async () => {
    await loadMessages('content');
    const { saved } = renderLanguage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Language');
    const group = screen.getByRole('group', { name: 'Choose the language of the app' });
    expect([...group.querySelectorAll('label')].map((label) => label.textContent)).toEqual(['English', 'Svenska', 'Norsk']);
    expect(screen.getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('radio', { name: 'Svenska' }));
    expect(screen.getByRole('radio', { name: 'Svenska' })).toHaveProperty('checked', true);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Språk'));
    expect(document.documentElement.lang).toBe('sv');
    expect(readDeviceChoice()).toEqual({ language: 'sv', memberId: 'member-1' });
    await waitFor(() => expect(saved).toEqual(['sv']));

    fireEvent.click(screen.getByRole('radio', { name: 'Norsk' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Velg språket i appen' })).toBeTruthy());
    fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Language'));
    await waitFor(() => expect(saved).toEqual(['sv', 'nb', 'en']));
  });

  it('keeps the choice when the member’s record cannot be saved (only logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderLanguage(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Norsk' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Språk'));
    expect(screen.getByRole('radio', { name: 'Norsk' })).toHaveProperty('checked', true);
    expect(readDeviceChoice()).toEqual({ language: 'nb', memberId: 'member-1' });
    await waitFor(() => expect(warn).toHaveBeenCalled());
  });
});

describe('the language at start', () => {
  it('is the device’s choice over the browser’s languages, else the browser’s', () => {
    expect(startLanguage(['sv-SE'])).toEqual({ shown: 'sv', deviceChoice: null, chosenBy: null });
    rememberDeviceChoice({ language: 'nb', memberId: 'member-1' });
    expect(startLanguage(['sv-SE', 'en'])).toEqual({ shown: 'nb', deviceChoice: 'nb', chosenBy: 'member-1' });
  });

  it('ignores garbage in storage', () => {
    localStorage.setItem('klubb.language', '"de"');
    expect(startLanguage(['en'])).toEqual({ shown: 'en', deviceChoice: null, chosenBy: null });
  });
});
