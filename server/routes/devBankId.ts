import formbody from '@fastify/formbody';
import type { FastifyReply } from 'fastify';
import { demoPeople } from '../eid/demoPeople.ts';
import type { PhoneResult, SimulatedEid } from '../eid/simulator.ts';
import { listPage, orderPage } from '../eid/phonePage.ts';
import { loopbackOnly } from '../plugins/loopbackOnly.ts';
import type { App, RouteDeps } from './types.ts';

const reasons: Record<Exclude<PhoneResult, { ok: true }>['reason'], string> = {
  unknownOrder: 'There is no such BankID order.',
  notPending: 'This order is no longer waiting for you.',
  invalidQrCode: 'The QR code is not valid or too old. Start again in the app.',
  wrongStep: 'The order is not at that step.',
  invalidPersonalNumber: 'That is not a valid personal number (YYYYMMDDXXXX).',
};

type Form = Record<string, string | undefined>;

/**
 * /dev/bankid: the member's phone for the simulated bank eID (development only). Plain HTML
 * forms, no scripts (the CSP allows none); every change is a POST followed by a redirect. Loopback clients only.
 */
export async function devBankIdRoutes(app: App, deps: RouteDeps & { eid: SimulatedEid }) {
  const { phone } = deps.eid;
  const now = () => deps.now?.() ?? Date.now();

  await app.register(async (dev) => {
    // Anyone's identity can be chosen here: a browser on this machine only.
    dev.addHook('onRequest', loopbackOnly);
    if (!dev.hasContentTypeParser('application/x-www-form-urlencoded')) await dev.register(formbody);
    const html = (reply: FastifyReply, body: string, status = 200) =>
      reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

    async function showList(reply: FastifyReply, error?: string) {
      const orders = await phone.pendingOrders();
      const brandsByOrder = await deps.eidSignIns.brandsOfOrders(orders.map((o) => o.orderRef));
      const rows = orders.map((order) => ({ order, brandName: brandsByOrder.get(order.orderRef)?.name ?? '—' }));
      return html(reply, listPage(rows, now(), error), error ? 400 : 200);
    }

    async function showOrder(reply: FastifyReply, token: string, error?: string) {
      const order = await phone.find(token);
      if (!order) return showList(reply, reasons.unknownOrder);
      const brand = (await deps.eidSignIns.brandsOfOrders([order.orderRef])).get(order.orderRef);
      return html(reply, orderPage(order, brand?.name ?? '—', demoPeople, brand?.id ?? '', error), error ? 400 : 200);
    }

    const after = (reply: FastifyReply, token: string, result: PhoneResult) =>
      result.ok
        ? reply.redirect(`/dev/bankid/order/${encodeURIComponent(result.order.autoStartToken)}`, 303)
        : showOrder(reply, token, reasons[result.reason]);

    const listQuery = {
      type: 'object',
      properties: { autostarttoken: { type: 'string', maxLength: 200 } },
    } as const;
    // One token at most: a repeated parameter (an array) is a 400, not a crash.
    dev.get<{ Querystring: { autostarttoken?: string } }>('/dev/bankid', { schema: { querystring: listQuery, hide: true } }, async (request, reply) => {
      const token = request.query.autostarttoken?.trim();
      if (!token) return showList(reply);
      // The app started by the autostart link opens the order at once, as BankID's does.
      const result = await phone.openWithAutoStartToken(token);
      return result.ok || result.reason !== 'unknownOrder' ? after(reply, token, result) : showList(reply, reasons.unknownOrder);
    });

    dev.post<{ Body: Form }>('/dev/bankid/scan', async (request, reply) => {
      const result = await phone.openWithQrCode(String(request.body?.qr ?? ''));
      return result.ok ? after(reply, result.order.autoStartToken, result) : showList(reply, reasons[result.reason]);
    });

    dev.get<{ Params: { token: string } }>('/dev/bankid/order/:token', (request, reply) => showOrder(reply, request.params.token));

    dev.post<{ Params: { token: string }; Body: Form }>('/dev/bankid/order/:token/:action', async (request, reply) => {
      const { token, action } = request.params as { token: string; action: string };
      const form = request.body ?? {};
      switch (action) {
        case 'open':
          return after(reply, token, await phone.openWithAutoStartToken(token));
        case 'identify': {
          const chosen = demoPeople.find((p) => p.key === form.person);
          const person = chosen ?? { personalNumber: String(form.personalNumber ?? ''), givenName: 'Test', surname: 'Person' };
          const { personalNumber, givenName, surname } = person;
          return after(reply, token, await phone.identify(token, { personalNumber, givenName, surname }));
        }
        case 'approve':
          return after(reply, token, await phone.approve(token));
        case 'cancel':
          return after(reply, token, await phone.cancel(token));
        case 'timeout':
          return after(reply, token, await phone.timeOut(token));
        default:
          return reply.status(404).send({ status: 404, code: 'not_found', message: 'No such phone action' });
      }
    });
  });
}
