import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serverDir } from './serverDir.ts';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from './db/database.ts';
import type { IdentityProvider } from './identity/identity.ts';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './plugins/errorHandler.ts';
import { contentSecurityDirectives, restaurantGuideSources } from './plugins/contentSecurityPolicy.ts';
import { registerHttpsOnlyHsts } from './plugins/hsts.ts';
import { createOperatorGuard } from './plugins/operatorOnly.ts';
import { registerAppPort } from './plugins/appPort.ts';
import { registerDefaultNoStore } from './plugins/cacheHeaders.ts';
import { withLogRedaction } from './plugins/logRedaction.ts';
import { registerStrictBodies } from './plugins/strictBody.ts';
import { lazySchemaCompilers } from './plugins/lazySchemaCompilers.ts';
import { registerRequestIdEcho, requestIdOf } from './plugins/requestId.ts';
import { createBrands, createMemberGuard } from './plugins/memberContext.ts';
import { createReaderGuard, createVisitorLimiter, defaultVisitorRateLimit, publicAnswerCaching, type VisitorRateLimit } from './plugins/visitorContext.ts';
import { appUrlHost } from './appUrl.ts';
import { brandRoutes } from './routes/brand.ts';
import { ticketRoutes } from './routes/tickets.ts';
import { healthRoutes } from './routes/health.ts';
import { userRoutes } from './routes/user.ts';
import { accountRoutes } from './routes/account.ts';
import { passwordResetRoutes } from './routes/passwordReset.ts';
import { devOutboxRoutes } from './routes/devOutbox.ts';
import { manifestRoutes, sendAppShell } from './routes/appShell.ts';
import { createAppShell } from './shell/appShell.ts';
import { createHomeBillboards } from './shell/homeBillboard.ts';
import type { MailSender } from './mail/mail.ts';
import { createOutboxMailer } from './mail/outbox.ts';
import { defaultAccountRateLimits, type AccountRateLimits } from './plugins/rateLimit.ts';
import { offerRoutes } from './routes/offers.ts';
import { offerDetailRoutes } from './routes/offerDetail.ts';
import { promoCodeRoutes } from './routes/promoCodes.ts';
import { referralRoutes } from './routes/referral.ts';
import { adminPromoCodeRoutes } from './routes/adminPromoCodes.ts';
import { adminBrandRoutes } from './routes/adminBrand.ts';
import { adminBrandContentRoutes } from './routes/adminBrandContent.ts';
import { brandContentRoutes } from './routes/brandContent.ts';
import { categoryRoutes } from './routes/categories.ts';
import { shoppingCartRoutes } from './routes/shoppingCart.ts';
import { eidRoutes } from './routes/eid.ts';
import { devBankIdRoutes } from './routes/devBankId.ts';
import type { EidProvider } from './eid/eid.ts';
import { createSimulatedEid, type SimulatedEid } from './eid/simulator.ts';
import { createServices } from './services.ts';
import type { App } from './routes/types.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import type { Payments } from './payments/index.ts';
import type { CheckoutDeps, CommerceDeps } from './commerce/context.ts';
import { defaultCommerceLimits, type CommerceLimits } from './commerce/limits.ts';
import { sweepCommerce } from './commerce/sweeps.ts';
import { createMailQueue } from './mail/queue.ts';
import { createJobClaims } from './jobs/jobClaims.ts';
import { waitingListRoutes } from './routes/waitingList.ts';
import { saleQueueRoutes } from './routes/saleQueue.ts';
import { doorRoutes } from './routes/door.ts';
import { adminSaleQueueRoutes } from './routes/adminSaleQueue.ts';
import { adminOrderRoutes } from './routes/adminOrders.ts';
import { restaurantRoutes } from './routes/restaurants.ts';
import type { GoogleMapsConfig } from './config.ts';
import { tableBookingRoutes } from './routes/tableBooking.ts';
import { defaultTableBookingLimits, type TableBookingLimits } from './booking/bookTable.ts';
import { analyticsRoutes, defaultAnalyticsRateLimit } from './routes/analytics.ts';
import { adminAnalyticsRoutes } from './routes/adminAnalytics.ts';
import { defaultAnalyticsRetentionDays, pruneAnalytics } from './analytics/retention.ts';

export interface AppOptions {
  db: Database;
  identity: IdentityProvider;
  /** The built client to serve; omitted in tests and in `npm run dev` (Vite serves it). */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Origins the browser may connect to besides this one (an API base elsewhere, real Firebase). */
  connectSources?: string[];
  /** Origins the app may frame besides its own and the players': another provider's table-booking widget. */
  frameSources?: string[];
  /** Milliseconds since epoch for the caches (tests move time with it). */
  now?: () => number;
  /** Whose X-Forwarded-* to trust (the proxies' addresses, as Fastify takes them); none when omitted, so a client cannot fake its address, host or protocol. */
  trustProxy?: boolean | string;
  /** The app's port on local development hosts in mailed links (APP_PORT); the listening port when omitted (8080 when not listening). */
  appPort?: number;
  /** Serves the /dev/* pages (mail outbox, simulated bank-eID phone); off unless configured. */
  devTools?: boolean;
  /** Where mails go; the outbox table when omitted. */
  mail?: MailSender;
  /** Per-address limits of account creation and reset mails (tests lower them). */
  accountRateLimits?: Partial<AccountRateLimits>;
  /** The bank-eID provider; the simulator over `db` when omitted. */
  eid?: EidProvider;
  /** Card payments (Stripe or the embedded stand-in); without it the checkout calls answer 503. The caller closes it. */
  payments?: Payments;
  /** How often lapsed checkouts are settled, needed refunds retried, lapsed waiting-list offers passed on, queued mail retried and old analytics events pruned (ms); 0 turns the sweep off. */
  checkoutSweepMs?: number;
  /** Checkouts and waiting-list joins per member and client address (tests lower them). */
  commerceLimits?: Partial<CommerceLimits>;
  /** Table bookings per client address in our booking widget (tests lower them). */
  tableBookingLimits?: Partial<TableBookingLimits>;
  /** The token the embedded server wrote into DATA_DIR: opens the operators' /admin/* calls to commands on this machine. */
  adminToken?: string;
  /** OPERATOR_TOKEN: opens the /admin/* calls to commands anywhere, over HTTPS (or loopback). Without either token they are not served. */
  operatorToken?: string;
  /** The deployment's Google Maps key and map id for the restaurant guide; none when omitted. */
  googleMaps?: Partial<GoogleMapsConfig>;
  /** Signed-out reads per client address and minute, counted per instance (tests lower it). */
  visitorRateLimit?: Partial<VisitorRateLimit>;
  /** POST /v1/a requests per client address and minute, and the days events are kept (pruned by the sweep). */
  analytics?: Partial<{ perMinute: number; retentionDays: number }>;
  /** How long an instance's claim on swept work (a lapsed checkout, a refund, a batch of mail) lasts before another may take it over (ms). */
  jobLeaseMs?: number;
}

const mediaDir = join(serverDir, 'media');

/** Builds the whole server without listening, so tests can `inject` requests. */
export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: withLogRedaction(options.logger),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // Query strings and path parameters are text: the validator may coerce them. Bodies are checked strictly (registerStrictBodies).
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false } },
    schemaController: { compilersFactory: lazySchemaCompilers() },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    genReqId: requestIdOf,
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerErrorHandler(app);
  registerAppPort(app, options.appPort);
  registerDefaultNoStore(app);
  registerRequestIdEcho(app);
  registerStrictBodies(app);
  registerHttpsOnlyHsts(app);
  const guideSources = await restaurantGuideSources(options.db, options.googleMaps?.apiKey ?? null);
  await app.register(helmet, {
    // Strict-Transport-Security is only meaningful (and only sent) over https: see registerHttpsOnlyHsts.
    hsts: false,
    contentSecurityPolicy: {
      directives: contentSecurityDirectives({
        connectSources: options.connectSources ?? [],
        stripe: options.payments?.kind === 'stripe',
        ...guideSources,
        widgetOrigins: [...guideSources.widgetOrigins, ...(options.frameSources ?? [])],
      }),
    },
    crossOriginEmbedderPolicy: false,
  });

  const brands = createBrands(options.db, options.now);
  // An app served from another origin than the API may call it when its host is a brand's.
  await app.register(cors, {
    origin: (origin, callback) => {
      const host = origin ? appUrlHost(origin) : null;
      if (!host) return callback(null, false);
      brands.byHost(host).then((brand) => callback(null, brand !== null), (error: Error) => callback(error, false));
    },
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-App-Url', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id'],
    maxAge: 600,
  });

  const requireMember = createMemberGuard(options.db, options.identity, brands, options.now);
  const visitorLimiter = createVisitorLimiter({ ...defaultVisitorRateLimit, ...options.visitorRateLimit }, options.now);
  const readerHooks = { preHandler: createReaderGuard({ requireMember, brands, limiter: visitorLimiter }), onSend: publicAnswerCaching };
  const mail = options.mail ?? createOutboxMailer(options.db);
  const now = options.now ?? Date.now;
  const jobs = createJobClaims({ db: options.db, now, leaseMs: options.jobLeaseMs });
  const mailQueue = createMailQueue({ db: options.db, sender: mail, now, log: app.log, leaseMs: jobs.leaseMs });
  app.addHook('onClose', async () => mailQueue.idle());
  const commerce: CommerceDeps = { db: options.db, mail: mailQueue, now, log: app.log, limits: { ...defaultCommerceLimits, ...options.commerceLimits }, jobs };
  const checkout: CheckoutDeps | undefined = options.payments && { ...commerce, payments: options.payments };
  const tableBookings = { db: options.db, mail: mailQueue, now, limits: { ...defaultTableBookingLimits, ...options.tableBookingLimits } };
  const eid = options.eid ?? createSimulatedEid({ db: options.db, now: options.now });
  const services = createServices({
    db: options.db,
    identity: options.identity,
    mail,
    commerce,
    checkout,
    tableBookings,
    eid,
    googleMaps: { apiKey: options.googleMaps?.apiKey ?? null, mapId: options.googleMaps?.mapId ?? null },
    now,
    log: app.log,
  });
  const deps = {
    ...services,
    brands,
    requireMember,
    readerHooks,
    now: options.now,
    accountLimits: { ...defaultAccountRateLimits, ...options.accountRateLimits },
  };
  // The /v1 schemas, published as OpenAPI at /v1/openapi.json (the identity protocol is Firebase's own).
  await app.register(swagger, {
    openapi: {
      info: { title: 'Klubb API', version: '1' },
      components: { securitySchemes: { idToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: ({ schema, url }) => ({ schema: url.startsWith('/v1/') ? schema : { ...schema, hide: true }, url }),
  });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  if (options.identity.registerRoutes) await options.identity.registerRoutes(app);
  await healthRoutes(app, deps);
  await brandRoutes(app, deps);
  await brandContentRoutes(app, deps);
  await ticketRoutes(app, deps);
  await userRoutes(app, deps);
  await accountRoutes(app, deps);
  await passwordResetRoutes(app, deps);
  if (options.devTools) await devOutboxRoutes(app, deps);
  await offerRoutes(app, deps);
  await offerDetailRoutes(app, deps);
  await promoCodeRoutes(app, deps);
  await referralRoutes(app, deps);
  const operator = createOperatorGuard({ localToken: options.adminToken, operatorToken: options.operatorToken });
  if (operator) await adminPromoCodeRoutes(app, { ...deps, operator });
  if (operator) await adminBrandRoutes(app, { ...deps, operator });
  if (operator) await adminBrandContentRoutes(app, { ...deps, operator });
  if (operator) await adminSaleQueueRoutes(app, { ...deps, operator });
  await categoryRoutes(app, deps);
  await shoppingCartRoutes(app, deps);
  await checkoutRoutes(app, deps);
  await waitingListRoutes(app, deps);
  await saleQueueRoutes(app, deps);
  await doorRoutes(app, { ...deps, operator });
  await restaurantRoutes(app, deps);
  await tableBookingRoutes(app, deps);
  if (operator && services.orderCancellation) await adminOrderRoutes(app, { operator, orderCancellation: services.orderCancellation });
  await analyticsRoutes(app, { ...deps, analyticsRateLimit: { perMinute: options.analytics?.perMinute ?? defaultAnalyticsRateLimit.perMinute } });
  if (operator) await adminAnalyticsRoutes(app, { ...deps, operator });
  const retentionDays = options.analytics?.retentionDays ?? defaultAnalyticsRetentionDays;
  // Mail a crash left queued goes out as soon as the server is up again.
  app.addHook('onReady', async () => void mailQueue.dispatch());
  const sweepMs = options.checkoutSweepMs ?? 60_000;
  if (sweepMs > 0) {
    let sweeping: Promise<unknown> | null = null;
    const sweep = () => {
      if (sweeping) return;
      const failed = (what: string) => (error: unknown) => app.log.warn({ err: error instanceof Error ? error.message : 'unknown' }, `${what} failed`);
      sweeping = sweepCommerce({ ...commerce, payments: options.payments })
        .catch(failed('commerce sweep'))
        .then(() => jobs.run('analytics-retention', '*', () => pruneAnalytics(options.db, now(), { retentionDays })))
        .then(() => jobs.tidy())
        .catch(failed('analytics pruning'))
        .finally(() => (sweeping = null));
    };
    const timer = setInterval(sweep, sweepMs);
    timer.unref();
    // No sweep starts once closing begins; one under way finishes before the pool is closed.
    app.addHook('preClose', async () => clearInterval(timer));
    app.addHook('onClose', async () => {
      await sweeping;
    });
  }
  await eidRoutes(app, deps);
  if (options.devTools && eid.kind === 'simulated') await devBankIdRoutes(app, { ...deps, eid: eid as SimulatedEid });

  await app.register(fastifyStatic, { root: mediaDir, prefix: '/media/', decorateReply: false, maxAge: '1d' });
  await manifestRoutes(app, deps);
  const clientDir = options.clientDir;
  const shell = clientDir ? createAppShell({ clientDir, brands, homeBillboards: createHomeBillboards({ db: options.db, now: options.now }) }) : null;
  if (clientDir && existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // index.html is the template of the brand's page (server/shell), never served as it is.
      allowedPath: (path) => !path.endsWith('.map') && path !== '/index.html',
      setHeaders: (res, path) => {
        // Hashed build assets (and the worker's hashed Workbox runtime) never change; index.html and
        // the service worker (/sw.js) are revalidated on every visit, so a new deploy is picked up at once.
        const hashed = path.includes('/assets/') || /\/workbox-[0-9a-f]{8}\.js$/.test(path);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const apiPath = /^\/(v1|dev|identitytoolkit\.googleapis\.com|securetoken\.googleapis\.com|media|assets)\//.test(request.url);
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (shell && !apiPath && read && shell.available()) return sendAppShell(shell, request, reply);
    return reply.status(404).send({ status: 404, code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
  return app;
}
