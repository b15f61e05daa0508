import type { FastifyBaseLogger } from 'fastify';
import { completeOnboarding, createMemberAccount, deleteMemberAccount, type AccountDeps } from './accounts/accounts.ts';
import { memberNames, memberRecord, replaceMemberCategories, userAnswer } from './accounts/members.ts';
import { mailResetLink, resetPassword, type ResetDeps } from './accounts/passwordReset.ts';
import { applyProfileUpdate } from './accounts/profileUpdate.ts';
import { ingestAnalytics } from './analytics/ingest.ts';
import { analyticsReport } from './analytics/report.ts';
import { cancelLinkPage, submitBookingForm } from './booking/bookingForm.ts';
import type { TableBookingDeps } from './booking/bookTable.ts';
import { formView, loadWidget, type Choice, type Widget } from './booking/widget.ts';
import type { FieldErrors } from './booking/pages.ts';
import { writeBrandContent } from './brandContent/replace.ts';
import type { BrandWrite } from './brands/brandFile.ts';
import { createBrand, updateBrand } from './brands/saveBrand.ts';
import type { BrandContentUpdate } from './brandContent/contentFile.ts';
import { cancelOrder } from './commerce/cancellation.ts';
import { completeCheckout, expireCheckout, openCheckout, payByCard } from './commerce/checkout.ts';
import type { CheckoutDeps, CommerceDeps } from './commerce/context.ts';
import { memberOrders } from './commerce/memberOrders.ts';
import { setOnSaleTime } from './commerce/onSaleTime.ts';
import { memberCheckoutStatus } from './commerce/outcome.ts';
import { receivePaymentEvent } from './commerce/paymentEvents.ts';
import { leaveSaleQueue, takeSalePlace } from './commerce/saleQueue.ts';
import { readMemberCart, updateMemberCart } from './commerce/cart.ts';
import { joinWaitingList, leaveWaitingList, placesOfMember, placesOnOffer } from './commerce/waitingList.ts';
import type { GoogleMapsConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { pendingMigrations } from './db/migrate.ts';
import type { EidProvider } from './eid/eid.ts';
import { createEidSignIns } from './eid/signIns.ts';
import type { IdentityProvider } from './identity/identity.ts';
import type { MailSender } from './mail/mail.ts';
import { newestMails } from './mail/outbox.ts';
import { readOfferDetail } from './offers/offerDetail.ts';
import { createOfferReads } from './offers/offerReads.ts';
import { rateLimited } from './plugins/rateLimit.ts';
import { importCodes } from './promo/codesImport.ts';
import { claimedCodesOf, claimUniqueCode, revealCommonCode } from './promo/promoClaims.ts';
import { createRestaurantGuide } from './restaurants/restaurantGuide.ts';
import { createTicketReads } from './tickets/ticketReads.ts';
import { createDoorService } from './door/doorService.ts';

/** What the services are built from: the database, the providers and the clock, each given once. */
export interface ServiceDeps {
  db: Database;
  identity: IdentityProvider;
  /** Mail sent at once (the reset link); commerce and table bookings queue theirs. */
  mail: MailSender;
  commerce: CommerceDeps;
  /** With card payments configured. */
  checkout?: CheckoutDeps;
  tableBookings: TableBookingDeps;
  eid: EidProvider;
  googleMaps: GoogleMapsConfig;
  now: () => number;
  log: FastifyBaseLogger;
}

/** `fn` with its first argument (its dependencies) given. */
const withDeps =
  <D, A extends unknown[], R>(fn: (deps: D, ...args: A) => R, deps: D) =>
  (...args: A): R =>
    fn(deps, ...args);

/**
 * The services the routes call, built once (server/app.ts): each holds the database and the
 * providers it needs, so a route parses, calls one of these and answers, and never sees a table.
 */
export function createServices(deps: ServiceDeps) {
  const { db, identity, commerce, checkout, now } = deps;
  const accountDeps: AccountDeps = { db, identity, commerce, now };
  const resetDeps: ResetDeps = { db, identity, mail: deps.mail, now };
  const booking = deps.tableBookings;
  return {
    readiness: { pendingMigrations: () => pendingMigrations(db) },
    /** The onRequest hook counting a call per client address in the database (429 past `limit`). */
    limitPerAddress: (limit: { bucket: string; max: number; windowMs: number }) => rateLimited({ db, now }, limit),
    accounts: {
      create: withDeps(createMemberAccount, accountDeps),
      completeOnboarding: withDeps(completeOnboarding, accountDeps),
      updateProfile: async (update: Parameters<typeof applyProfileUpdate>[1]) => userAnswer(db, await applyProfileUpdate(accountDeps, update)),
      delete: withDeps(deleteMemberAccount, accountDeps),
    },
    members: {
      record: withDeps(memberRecord, db),
      names: withDeps(memberNames, db),
      replaceCategories: (member: { brandId: string; userId: string }, categoryIdList: string[]) => replaceMemberCategories(db, member, categoryIdList, new Date(now())),
    },
    passwordReset: { mailLink: withDeps(mailResetLink, resetDeps), reset: withDeps(resetPassword, resetDeps) },
    promoCodes: {
      claimUnique: withDeps(claimUniqueCode, { db, now }),
      revealCommon: withDeps(revealCommonCode, { db, now }),
      claimedBy: withDeps(claimedCodesOf, db),
      importCodes: withDeps(importCodes, { db, now }),
    },
    offers: { ...createOfferReads(db), detail: withDeps(readOfferDetail, { db, now }) },
    tickets: createTicketReads(db),
    restaurants: createRestaurantGuide(db, deps.googleMaps),
    tableBookings: {
      loadWidget: withDeps(loadWidget, db),
      formView: (w: Widget, choice: Choice, values: Parameters<typeof formView>[4], errors: FieldErrors, notice?: string) =>
        formView(db, w, now(), choice, values, errors, notice),
      submit: withDeps(submitBookingForm, booking),
      cancelLinkPage: withDeps(cancelLinkPage, booking),
    },
    carts: {
      read: withDeps(readMemberCart, db),
      update: (member: Parameters<typeof updateMemberCart>[1], body: Parameters<typeof updateMemberCart>[2], languages: Parameters<typeof updateMemberCart>[4]) =>
        updateMemberCart(db, member, body, now(), languages),
    },
    waitingLists: {
      onOffer: withDeps(placesOnOffer, db),
      ofMember: withDeps(placesOfMember, db),
      join: withDeps(joinWaitingList, commerce),
      leave: withDeps(leaveWaitingList, commerce),
    },
    saleQueue: { take: withDeps(takeSalePlace, commerce), leave: withDeps(leaveSaleQueue, commerce) },
    checkout: {
      /** What the client's card form needs; null without card payments. */
      config: () => (checkout ? { publishableKey: checkout.payments.publishableKey, provider: checkout.payments.kind } : null),
      open: withDeps(openCheckout, checkout),
      expire: withDeps(expireCheckout, checkout),
      complete: withDeps(completeCheckout, checkout),
      payByCard: withDeps(payByCard, checkout),
      status: withDeps(memberCheckoutStatus, db),
      orders: withDeps(memberOrders, db),
      async receivePaymentEvent(raw: Buffer | null, signature: string | string[] | undefined): Promise<'received' | 'notConfigured'> {
        if (!checkout) return 'notConfigured';
        await receivePaymentEvent(checkout, raw, signature);
        return 'received';
      },
    },
    /** The operator's cancellation (it refunds at the provider); null without card payments. */
    orderCancellation: checkout ? { cancel: withDeps(cancelOrder, checkout) } : null,
    analytics: { ingest: withDeps(ingestAnalytics, { db, identity, now }), report: withDeps(analyticsReport, db) },
    brandAdmin: {
      create: (write: BrandWrite, createTenant: boolean | undefined) => createBrand(db, write, { tenants: identity.tenants, createTenant }),
      update: withDeps(updateBrand, db),
      writeContent: (brandId: string, update: BrandContentUpdate) => writeBrandContent(db, brandId, update, new Date(now())),
    },
    saleTimes: { set: withDeps(setOnSaleTime, db) },
    outbox: { newest: withDeps(newestMails, db) },
    eidSignIns: createEidSignIns({ db, eid: deps.eid, identity, now, log: deps.log }),
    /** Door check-in (docs/door.md). */
    door: createDoorService({ db, now, identity, mail: deps.mail }),
  };
}

export type Services = ReturnType<typeof createServices>;
