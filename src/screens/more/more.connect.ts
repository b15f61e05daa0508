import type { Member } from '../../../machines/app.rules.ts';
import type { Resolve } from '../../../machines/navigator.machine.ts';
import type { Brand } from '../../../contract/brand.ts';
import { contactMailHref } from '../../components/contactMail.ts';
import { fullNameOf } from '../../../domain/names.ts';

/**
 * The More menu's tiles in the spec's order (2.3), with "My waiting lists" beside the orders, "My categories"
 * after them and "Language" after the profile; each opens /more/{tile}.
 */
export const moreTiles = [
  'restaurant',
  'voucher',
  'orderHistory',
  'waitingLists',
  'categories',
  'userinfo',
  'language',
  'about',
  'faq',
  'dev_test',
] as const;
export type MoreTile = (typeof moreTiles)[number];

/** Door staff have no shop (issue 43): their More keeps the language and the brand's pages. */
const doorStaffTiles: ReadonlySet<MoreTile> = new Set<MoreTile>(['language', 'about', 'faq']);

export interface MoreView {
  name: string;
  initials: string;
  /** The brand role's name, when the brand shows it (spec 6). */
  roleName: string | null;
  /** The brand shows the role but it could not be fetched: a skeleton stays in its place (spec 8). */
  roleSkeleton: boolean;
  tiles: { tile: MoreTile; path: string }[];
  /** Mail to customer service naming the member (spec 7); null when the brand has no address. */
  mailHref: string | null;
  signOut: () => void;
}

/** What the screen may tell the app (the root actor). */
export interface AppSender {
  send: (event: { type: 'app.signOut' }) => void;
}

const initialOf = (word: string) => Array.from(word.trim())[0]?.toUpperCase() ?? '';

/**
 * What the More menu shows. A tile appears when its route is enabled for this brand and build,
 * so the restaurant setting and test mode are decided once, in the route table.
 */
export function connectMore(brand: Brand | null, member: Member | null, resolve: Resolve | null, app: AppSender): MoreView {
  const user = member?.user ?? null;
  const firstName = user?.firstName.trim() ?? '';
  const lastName = user?.lastName.trim() ?? '';
  const roleName = member?.role?.name.trim() || null;
  const showsRole = Boolean(brand?.settings.showBrandRoleName);
  return {
    name: fullNameOf(firstName, lastName),
    initials: initialOf(firstName) + initialOf(lastName),
    roleName: showsRole ? roleName : null,
    roleSkeleton: showsRole && member !== null && member.role === null,
    tiles: resolve
      ? moreTiles
          .filter((tile) => member?.role?.brandRoleId !== 'door' || doorStaffTiles.has(tile))
          .map((tile) => ({ tile, path: `/more/${tile}` }))
          .filter(({ path }) => resolve(path).routeId !== null)
      : [],
    mailHref: brand?.contact.email ? contactMailHref(brand.contact.email, user) : null,
    signOut: () => app.send({ type: 'app.signOut' }),
  };
}
