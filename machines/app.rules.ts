/** The app machine's types and the rules it decides by, apart from its statechart (app.machine.ts). */
import type { CallError } from './errorCode.ts';
import type { Brand, BrandRole } from '../contract/brand.ts';
import type { User } from '../contract/user.ts';
import type { OfferType } from '../contract/offer.ts';
import type { ContainerVersion } from '../domain/version.ts';
import type { SessionUser } from './session.machine.ts';
import type { SignInError, SignInNotice } from './signIn.machine.ts';
import type { NavigatorInput } from './navigator.machine.ts';
import { topOf, urlOf, type NavState } from './navigator.rules.ts';
import type { LanguageInput } from './language.machine.ts';
import type { Layout, LayoutChanged } from './layout.machine.ts';

export type AppError = CallError;

/** The app's context at start, from what the browser told (src/compositionRoot.ts, appInput). */
export function initialAppContext(input: AppInput | undefined): AppContext {
  return {
    containerVersion: 'pending',
    layout: input?.layout ?? 'mobile',
    desktopDevice: input?.desktopDevice ?? input?.layout === 'desktop',
    noDesktop: input?.noDesktop ?? false,
    navigation: input?.navigation ?? null,
    authScreenFirst: input?.startsOnAuthScreen ?? false,
    returnPath: null,
    brand: null,
    sessionUser: null,
    member: null,
    authError: null,
    authNotice: null,
    error: null,
    language: input?.language ?? { shown: 'en', deviceChoice: null, chosenBy: null },
  };
}

export interface Member {
  user: User;
  /** Null when the role could not be fetched (only logged, spec 8): the More screen shows a skeleton. */
  role: BrandRole | null;
}

export type { Layout } from './layout.machine.ts';

export interface AppInput {
  layout?: Layout;
  /** A desktop device outside an iframe: its layout follows the window's width (machines/layout.machine.ts). */
  desktopDevice?: boolean;
  /** A build without a desktop layout shows the loading screen on desktop (spec 2.2). */
  noDesktop?: boolean;
  /**
   * Builds the navigator's start (route table, browser location) for the loaded brand and the layout
   * now shown; a return path (the page a visitor signed in from) is opened instead of the address bar's '/'.
   */
  navigation?: (brand: Brand, returnPath: string | null, layout: Layout) => NavigatorInput;
  /** The address at start is one of the auth screens (create account, forgotten or reset password). */
  startsOnAuthScreen?: boolean;
  /** The language shown at start and the device's choice (src/i18n/languageChoice.ts). */
  language?: LanguageInput;
}

export interface AppContext {
  /** The native container's version: null in a plain browser, 'pending' until it has answered. */
  containerVersion: ContainerVersion | null | 'pending';
  /** Follows the window on a desktop device (app.layoutChanged). */
  layout: Layout;
  desktopDevice: boolean;
  noDesktop: boolean;
  navigation: ((brand: Brand, returnPath: string | null, layout: Layout) => NavigatorInput) | null;
  /** Signed out on an auth screen's address: it opens, not the visitor's app (until they choose to browse). */
  authScreenFirst: boolean;
  /** The page a visitor asked to sign in from: opened again once they are a member (after set-up too). */
  returnPath: string | null;
  brand: Brand | null;
  /** Who the identity provider says is signed in (known before the member is loaded). */
  sessionUser: SessionUser | null;
  member: Member | null;
  /** Shown on the sign-in form when the app signed the user out (no role, bad role). */
  authError: SignInError | null;
  /** Told on the sign-in screen after a sign-out the member asked for with a reason (the account was deleted). */
  authNotice: SignInNotice | null;
  error: AppError | null;
  language: LanguageInput;
}

export type AppEvent =
  | { type: 'session.signedIn'; user: SessionUser }
  /** reason: why the session ended (expired, account disabled), told on the sign-in screen. */
  | { type: 'session.signedOut'; reason?: SignInError | null }
  | { type: 'app.signOut' }
  /** The member deleted their account: the app signs out and the sign-in screen says it is done. */
  | { type: 'app.accountDeleted' }
  /** The profile saved the member's user (spec 4): the app shows the new one. */
  | { type: 'app.userUpdated'; user: User }
  /** The member's favourite categories were saved (My categories): the feed's filter follows them. */
  | { type: 'app.favouritesSaved'; categoryIdList: string[] }
  /** Another language shows (machines/language.machine.ts): the brand's and the offers' texts are fetched again. */
  | { type: 'app.languageChanged' }
  | { type: 'app.brandReloaded'; brand: Brand }
  /** The network is back (machines/connection.machine.ts): what was shown from the device is loaded afresh. */
  | { type: 'app.backOnline' }
  /** The window crossed the desktop breakpoint (machines/layout.machine.ts). */
  | LayoutChanged
  | { type: 'app.retry' }
  /** A visitor asks to sign in (the header's button, or a member action such as buying or claiming a code). */
  | { type: 'app.signInWanted' }
  /** The visitor closed the sign-in dialog: they go on browsing where they were. */
  | { type: 'app.signInDismissed' }
  /** From the visitor's sign-in dialog to a full auth screen; the page they were on is opened after sign-in. */
  | { type: 'app.authScreenWanted'; screen: AuthScreen }
  /** From the auth screens back to browsing as a visitor (when the brand lets visitors browse). */
  | { type: 'app.browse' };

/** The auth screens a visitor can go to from the sign-in dialog. */
export type AuthScreen = 'createAccount' | 'forgotPassword';

export const offerTypes = ['editorial', 'benefit', 'live'] as const;

/** The offer types whose per-type feed the brand shows (spec 2.3). */
export function shownOfferTypes(brand: Brand | null): OfferType[] {
  if (!brand) return [];
  const shown = { editorial: brand.settings.showEditorial, benefit: brand.settings.showBenefit, live: brand.settings.showLive };
  return offerTypes.filter((type) => shown[type]);
}

/** Role errors sign the user out and are told on the sign-in screen, not the error screen. */
const roleErrorCodes = new Set(['no_role_with_app_url', 'bad_user_role_for_app_url', 'email_registered_with_other_partner']);

/**
 * Why the app signs the user out after a failed member load, as a sign-in error code: a
 * missing role, or an ID token the API no longer accepts (expired, revoked, account disabled).
 */
export function signOutReason(error: AppError): string | null {
  if (roleErrorCodes.has(error.code)) return error.code;
  if (error.status === 401) return error.code === 'auth/user-disabled' ? error.code : 'auth/user-token-expired';
  return null;
}

export type NavigatorLike = { getSnapshot(): { context: NavState } };

/** The address of the page the navigator shows (null before it runs). */
export function pathShown(navigator: NavigatorLike | undefined): string | null {
  return navigator ? urlOf(topOf(navigator.getSnapshot().context)) : null;
}
