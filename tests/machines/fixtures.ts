import { fromCallback } from 'xstate';
import { layoutMachine } from '../../machines/layout.machine.ts';
import { connectionMachine } from '../../machines/connection.machine.ts';
import type { Brand } from '../../contract/brand.ts';
import type { FeedOffer } from '../../contract/offer.ts';
import type { AppInput, Member } from '../../machines/app.rules.ts';
import { createResolver } from '../../src/routes/resolver.ts';

export function testBrand(overrides: Partial<Brand['settings']> = {}): Brand {
  return {
    id: 'aurora',
    name: 'Aurora',
    authTenantId: 'aurora-tenant',
    contact: { email: 'help@aurora.test' },
    logoUrl: '/media/brand/aurora/logo.svg',
    icons: {},
    theme: {
      light: {
        colors: {
          primary: '#123456', onPrimary: '#fff', background: '#fff', surface: '#eee', text: '#111', textMuted: '#555',
          accent: '#f80', error: '#c00', navigationBar: '#fff', onNavigationBar: '#111', card: '#fff',
        },
        fonts: { body: 'sans-serif', heading: 'serif', image: 'sans-serif', preamble: 'serif', tag: 'sans-serif' },
        buttonRadius: 8,
        cardRadius: 8,
        grid: { xs: 2, sm: 3, lg: 4, gap: 16, margin: 24 },
      },
    },
    navigationBar: [
      { key: 'mixedFeed', label: 'Home', icon: 'home', path: '/' },
      { key: 'hidden', label: '', icon: '', path: '/nowhere' },
      { key: 'more', label: 'More', icon: 'more', path: '/more' },
    ],
    settings: {
      referralCodeInputType: 'options', referralCodeInputFieldLength: 6, referralCodeInputHint: '', verifyWithSsn: false,
      ssnInfo: '', terms: { label: 'Terms', url: '/terms' }, gdpr: { label: 'Privacy', url: '/privacy' },
      showEditorial: true, showBenefit: true, showLive: true, restaurant: true, showBrandRoleName: true,
      offerTheme: 'default', minimumContainerVersion: '0.0.0', appStoreUrl: 'https://apps.example/app', playStoreUrl: '',
      ...overrides,
    },
  };
}

/** A member; one who has not completed set-up holds a generated password unless told otherwise. */
export function testMember(completedOnboarding = true, passwordChosen = completedOnboarding): Member {
  return {
    role: { id: 'r1', brandRoleId: 'member', firstName: 'Maja', lastName: 'Lind', name: 'Gold member' },
    user: {
      id: 'uid-1', firstName: 'Maja', lastName: 'Lind', fullName: 'Maja Lind', email: 'member@aurora.test',
      phoneNumber: completedOnboarding ? '+46701234567' : null, ssn: null, addressList: [], companyName: null,
      companyAddress: null, pushNotificationToken: null, completedOnboarding, passwordChosen,
    },
  };
}

export function testOffers(count: number, from = 0): FeedOffer[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `offer-${from + i}`,
    categoryId: null,
    type: 'benefit' as const,
    title: `Offer ${from + i}`,
    teaserLine: `Teaser ${from + i}`,
    tags: [],
    puffImage: { jpeg: { medium: '/a.jpg' }, webp: { medium: '/a.webp' } },
    readingTime: null,
  }));
}

/** The app machine's navigation input for a stacked (mobile) start at `path`, with the brand's real route table. */
export function testNavigation(path = '/'): Pick<AppInput, 'navigation'> {
  return {
    navigation: (brand: Brand) => ({
      ...createResolver({ settings: brand.settings, testMode: false }),
      location: { path, restored: null, saved: null, keyPrefix: 't-' },
      stacked: true,
    }),
  };
}

/** The network never changes: the connection machine stays online (the offline tests drive it themselves). */
export const steadyConnection = connectionMachine.provide({ actors: { watchConnection: fromCallback(() => undefined) } });

/** The window is never resized: the layout stays as it started (layout.model.test.ts drives it). */
export const steadyWindow = layoutMachine.provide({ actors: { watchWindowWidth: fromCallback(() => undefined) } });
