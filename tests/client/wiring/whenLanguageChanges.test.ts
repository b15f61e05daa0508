import { afterEach, describe, expect, it } from 'vitest';
import { createActor, setup, type AnyEventObject } from 'xstate';
import { whenLanguageChanges } from '../../../src/wiring/whenLanguageChanges.ts';
import { activateLocale, loadMessages } from '../../../src/i18n/i18n.ts';

/**
 * The one way a machine showing the server's names hears of another language (the cart, My
 * orders, My waiting lists, the offer page): Lingui's change to another locale, once it is
 * active, so the API already asks in it.
 */
function startListener() {
  const heard: AnyEventObject[] = [];
  const machine = setup({ actors: { whenLanguageChanges } }).createMachine({
    invoke: { src: 'whenLanguageChanges', input: { tell: { type: 'page.languageChanged' } } },
    on: { 'page.languageChanged': { actions: ({ event }) => void heard.push(event) } },
  });
  return { actor: createActor(machine).start(), heard };
}

afterEach(() => activateLocale('en'));

describe('whenLanguageChanges, over Lingui', () => {
  it('tells the machine its own event once another locale is active, once per switch', async () => {
    await activateLocale('en');
    const { heard } = startListener();
    await activateLocale('sv');
    expect(heard).toEqual([{ type: 'page.languageChanged' }]);
    await activateLocale('nb');
    expect(heard).toHaveLength(2);
  });

  it('tells nothing for a catalog loaded in the locale already shown, or after the machine stopped', async () => {
    await activateLocale('en');
    const { actor, heard } = startListener();
    // A lazy screen's messages arriving in English change Lingui's catalogs, not the language.
    await loadMessages('content');
    await activateLocale('en');
    expect(heard).toEqual([]);
    actor.stop();
    await activateLocale('sv');
    expect(heard).toEqual([]);
  });
});
