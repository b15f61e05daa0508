import { describe, expect, it } from 'vitest';
import { contractImportBreaks, importCircles, machineImportBreaks, readSources, routeImportBreaks, viewRuleBreaks, type SourceFile } from './importRules.ts';
import { eventNarrowings } from './machineRules.ts';
import { fileLengths, filesOverLimit, lineCount, productFolders } from './fileSizes.ts';

const sources = readSources('.', ['src', 'machines']);
const contract = readSources('.', ['contract']);

describe('the architecture rules (docs/architecture.md)', () => {
  it('keeps views to rendering and sending: no provide, no API or service values, no route params', () => {
    expect(viewRuleBreaks(sources)).toEqual([]);
  });

  it('keeps screens and components below the routes: they navigate through src/navigation/, never src/routes/', () => {
    expect(routeImportBreaks(sources)).toEqual([]);
  });

  it('has machines import only machines/, domain/, contract/ and xstate', () => {
    expect(machineImportBreaks(sources)).toEqual([]);
  });

  it('has contract/ import nothing of the repository but itself (domain/ may import contract/, not the other way)', () => {
    expect(contractImportBreaks(contract)).toEqual([]);
  });

  it('has no import circle in src/ and machines/', () => {
    expect(importCircles(sources)).toEqual([]);
  });

  it('has machines read events through params or assertEvent, never by hand', () => {
    expect(eventNarrowings(sources)).toEqual([]);
  });

  it('keeps every product file (machines/, src/, server/, domain/, contract/, scripts/) at 300 lines or fewer', () => {
    const files = fileLengths('.', productFolders);
    expect(files.length).toBeGreaterThan(500);
    expect(files.map((file) => file.path)).toEqual(expect.arrayContaining(['machines/app.machine.ts', 'src/compositionRoot.ts', 'server/app.ts', 'scripts/charts.ts']));
    expect(filesOverLimit(files)).toEqual([]);
  });
});

describe('the rule checks themselves', () => {
  const file = (path: string, source: string): SourceFile => ({ path, source });

  it('catch a product file of 301 lines, not one of 300, and count lines as an editor does', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n';
    expect(lineCount(lines(301))).toBe(301);
    expect(lineCount(lines(300).trimEnd())).toBe(300);
    expect(lineCount('')).toBe(0);
    const files = [
      { path: 'machines/long.machine.ts', lines: lineCount(lines(301)) },
      { path: 'src/justRight.ts', lines: lineCount(lines(300)) },
      { path: 'server/longer.ts', lines: 450 },
    ];
    expect(filesOverLimit(files)).toEqual(['server/longer.ts: 450 lines (at most 300)', 'machines/long.machine.ts: 301 lines (at most 300)']);
  });

  it('catch a view that provides a machine, imports an API or service value, or reads params', () => {
    const breaks = viewRuleBreaks([
      file(
        'src/screens/x/XScreen.tsx',
        [
          "import { useParams } from '@tanstack/react-router';",
          "import { getOffer } from '../../api/offers.ts';",
          "import type { ApiClient } from '../../api/client.ts';",
          "import { type Services } from '../../services/services.ts';",
          "import { readReferralCode } from '../../services/referralCode.ts';",
          "import { xMachine } from '../../../machines/x.machine.ts';",
          'export function XScreen() {',
          '  const logic = xMachine.provide({ actors: {} });',
          '  const params = useParams({ strict: false });',
          '  return <p>{String(logic)}{String(params)}{String(getOffer)}{String(readReferralCode)}</p>;',
          '}',
        ].join('\n'),
      ),
      file('src/components/Lazy.tsx', "export const load = () => import('../services/identity.ts');"),
      // The routes parse params (allowed) but may not provide either.
      file('src/routes/Routes.tsx', 'export const Page = () => route.useParams();\nexport const logic = machine.provide({});'),
      // Wiring modules are where provide belongs.
      file('src/wiring/x.wiring.ts', "import { getOffer } from '../api/offers.ts';\nexport const logic = xMachine.provide({ actors: { getOffer } });"),
    ]);
    expect(breaks).toEqual([
      'src/screens/x/XScreen.tsx:8 provides a machine\'s implementations',
      'src/screens/x/XScreen.tsx imports a value from src/api/offers.ts',
      'src/screens/x/XScreen.tsx imports a value from src/services/referralCode.ts',
      'src/screens/x/XScreen.tsx:9 reads route params',
      'src/components/Lazy.tsx imports a value from src/services/identity.ts',
      'src/routes/Routes.tsx:2 provides a machine\'s implementations',
    ]);
  });

  it('catch a screen, component or navigation file importing src/routes/, also for a type or lazily', () => {
    const breaks = routeImportBreaks([
      file('src/screens/x/XScreen.tsx', "import { useNavigate } from '../../routes/navigation.ts';\nimport type { ScreenName } from '../../routes/routeTable.ts';"),
      file('src/components/Lazy.tsx', "export const load = () => import('../routes/StackedNavigator.tsx');"),
      file('src/navigation/Link.tsx', "import { contentRoutes } from '../routes/routeTable.ts';"),
      // The way screens navigate, and the routes naming screens, are allowed.
      file('src/screens/y/YScreen.tsx', "import { useNavigate } from '../../navigation/navigation.ts';\nimport { AppLink } from '../../navigation/AppLink.tsx';"),
      file('src/routes/ContentShell.tsx', "import { StackedNavigator } from './StackedNavigator.tsx';\nimport { cartCount } from '../screens/cart/cartCount.ts';"),
      file('src/wiring/x.wiring.ts', "import { createResolver } from '../routes/resolver.ts';"),
    ]);
    expect(breaks).toEqual([
      'src/screens/x/XScreen.tsx imports src/routes/navigation.ts',
      'src/screens/x/XScreen.tsx imports src/routes/routeTable.ts',
      'src/components/Lazy.tsx imports src/routes/StackedNavigator.tsx',
      'src/navigation/Link.tsx imports src/routes/routeTable.ts',
    ]);
  });

  it('catch a machine importing src/, the server or another package, also for a type or lazily', () => {
    const breaks = machineImportBreaks([
      file(
        'machines/x.machine.ts',
        [
          "import { emailError } from '../src/domain/accountForms.ts';",
          "import type { CreateUserRequest } from '../src/api/account.ts';",
          "import type { Order } from '../server/db/schema/orders.ts';",
          "import { produce } from 'immer';",
          "export const load = () => import('../src/services/identity.ts');",
        ].join('\n'),
      ),
      // The kernel, other machines and xstate are what a machine is made of.
      file(
        'machines/y.machine.ts',
        [
          "import { setup, type ActorRefFrom } from 'xstate';",
          "import { emailError } from '../domain/accountForms.ts';",
          "import type { CreateUserRequest } from '../contract/account.ts';",
          "import { notProvided } from './errorCode.ts';",
        ].join('\n'),
      ),
      // Only machines are held to it.
      file('src/wiring/x.wiring.ts', "import { createUser } from '../api/account.ts';"),
    ]);
    expect(breaks).toEqual([
      'machines/x.machine.ts imports src/domain/accountForms.ts',
      'machines/x.machine.ts imports src/api/account.ts',
      'machines/x.machine.ts imports server/db/schema/orders.ts',
      'machines/x.machine.ts imports immer',
      'machines/x.machine.ts imports src/services/identity.ts',
    ]);
  });

  it('catch contract/ importing domain/ or any other part of the repository, also for a type', () => {
    const breaks = contractImportBreaks([
      file('contract/account.ts', "import { Type } from 'typebox';\nimport { maxOneLineLength } from '../domain/textRules.ts';"),
      file('contract/analytics.ts', "import type { AnalyticsEventName } from '../domain/analyticsEvents.ts';"),
      file('contract/x.ts', "export { a } from '../src/a.ts';\nimport type { Order } from '../server/db/schema/orders.ts';\nimport { m } from '../machines/x.machine.ts';"),
      // Its own files and packages are fine; domain/ importing the contract is the allowed direction.
      file('contract/y.ts', "import { Type } from 'typebox';\nimport { maxOneLineLength } from './textRules.ts';"),
      file('domain/z.ts', "import type { User } from '../contract/user.ts';"),
    ]);
    expect(breaks).toEqual([
      'contract/account.ts imports domain/textRules.ts',
      'contract/analytics.ts imports domain/analyticsEvents.ts',
      'contract/x.ts imports src/a.ts',
      'contract/x.ts imports server/db/schema/orders.ts',
      'contract/x.ts imports machines/x.machine.ts',
    ]);
  });

  it('catch a machine comparing event.type, testing a field with in, or casting the event', () => {
    const found = eventNarrowings([
      file(
        'machines/x.machine.ts',
        [
          'export const guards = {',
          "  isCity: ({ event }) => event.type === 'x.city' && event.city !== '',",
          "  failed: ({ event }) => 'error' in event,",
          '  output: ({ event }) => (event as Done).output,',
          "  other: ({ event }) => 'x.other' !== event.type,",
          '  fine: (_, { city }) => city !== null,',
          "  alsoFine: ({ event }) => { assertEvent(event, 'x.city'); return event.city === 'Oslo'; },",
          '};',
        ].join('\n'),
      ),
      // Only machines are held to it.
      file('src/wiring/x.wiring.ts', "receive((event) => void (armed = event.type === 'keeper.arm'));"),
    ]);
    expect(found).toEqual([
      'machines/x.machine.ts:2 compares event.type',
      "machines/x.machine.ts:3 tests a field with 'in event'",
      'machines/x.machine.ts:4 casts the event',
      'machines/x.machine.ts:5 compares event.type',
    ]);
  });

  it('find a circle, also one made of type imports, and only real ones', () => {
    const circles = importCircles([
      file('src/routes/screens.tsx', "import { OfferScreen } from '../screens/offer/OfferScreen.tsx';"),
      file('src/screens/offer/OfferScreen.tsx', "import type { ScreenProps } from '../../routes/screens.tsx';"),
      file('src/a.ts', "import { b } from './b.ts';"),
      file('src/b.ts', "export const b = () => import('./c.ts');"),
      file('src/c.ts', "export { a } from './a.ts';"),
      file('src/d.ts', "import { a } from './a.ts';"),
    ]);
    expect(circles).toEqual([['src/routes/screens.tsx', 'src/screens/offer/OfferScreen.tsx'], ['src/a.ts', 'src/b.ts', 'src/c.ts']]);
  });
});
