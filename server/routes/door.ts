import { Type } from 'typebox';
import { ApiErrorBody } from '../../contract/common.ts';
import {
  DoorCheckInBody,
  DoorEveningParams,
  DoorEvenings,
  DoorPack,
  DoorSyncAnswer,
  DoorSyncBody,
  doorPaths,
  eveningNotFound,
  ScanOutcome,
} from '../../contract/door.ts';
import type { DoorAnswer } from '../door/doorService.ts';
import { requireDoorStaff } from '../door/doorStaff.ts';
import { ApiError, badRequest } from '../errors.ts';
import { textLanguages } from '../language.ts';
import { appPortOf } from '../mail/appPort.ts';
import type { OperatorGuard } from '../plugins/operatorOnly.ts';
import type { App, RouteDeps } from './types.ts';

/** An offer (each of its evenings) or one evening, by id. */
const OperatorEveningBody = Type.Object({
  offerId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  eveningId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  brandId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});

const DoorStaffBody = Type.Object({
  brandId: Type.String({ minLength: 1, maxLength: 200 }),
  doorStaff: Type.Array(Type.String({ minLength: 1, maxLength: 320 }), { minItems: 1, maxItems: 200 }),
});

function answer<T>(outcome: DoorAnswer<T>): T {
  if (outcome.ok) return outcome.value;
  if (outcome.refusal === 'badTime') throw badRequest('door/bad-time', 'Each check-in needs the time it was made (ISO 8601)');
  if (outcome.refusal === 'badEmail') throw badRequest('door/bad-email', 'Every door staff member must be an e-mail address');
  if (outcome.refusal === 'brandNotFound') throw new ApiError(404, 'brand_not_found', 'There is no such brand');
  throw new ApiError(eveningNotFound.status, eveningNotFound.code, eveningNotFound.message);
}

/** Door check-in (issue 43, docs/door.md): for the brand's door staff only. Ticket codes are personal data: never logged. */
export async function doorRoutes(app: App, deps: Pick<RouteDeps, 'requireMember' | 'door'> & { operator: OperatorGuard | null }) {
  const { door } = deps;
  const preHandler = requireDoorStaff(deps.requireMember);
  const staffOf = (request: { member: { brand: { id: string }; token: { uid: string } } }) => ({ brandId: request.member.brand.id, userId: request.member.token.uid });
  const response = <T>(ok: T) => ({ 200: ok, '4xx': ApiErrorBody });

  app.get(doorPaths.evenings, { preHandler, schema: { response: response(DoorEvenings) } }, async (request) => ({
    evenings: await door.evenings(request.member.brand.id, textLanguages(request, request.member.brand)),
  }));

  app.get(doorPaths.pack, { preHandler, schema: { params: DoorEveningParams, response: response(DoorPack) } }, async (request) =>
    answer(await door.pack(request.member.brand.id, request.params.eveningId, textLanguages(request, request.member.brand))),
  );

  app.post(doorPaths.checkIns, { preHandler, schema: { body: DoorCheckInBody, response: response(ScanOutcome) } }, async (request) =>
    answer(await door.checkIn(staffOf(request), request.body, textLanguages(request, request.member.brand))),
  );

  app.post(doorPaths.sync, { preHandler, schema: { body: DoorSyncBody, response: response(DoorSyncAnswer) } }, async (request) =>
    answer(await door.sync(staffOf(request), request.body, textLanguages(request, request.member.brand))),
  );

  // `npm run checkin -- --offer ID | --evening ID` through the server that holds the database, or any instance of a deployment.
  const { operator } = deps;
  if (!operator) return;
  app.post('/admin/door/evening', { onRequest: operator.onRequest, onResponse: operator.onResponse, schema: { hide: true, body: OperatorEveningBody } }, async (request) => {
    const { offerId, eveningId, brandId } = request.body;
    const named = offerId !== undefined ? { offerId } : eveningId !== undefined ? { eveningId } : null;
    if (!named || (offerId !== undefined && eveningId !== undefined)) throw badRequest('door/offer-or-evening', 'Name an offer or an evening');
    const answer = await door.operatorEvenings(named, brandId);
    const what = 'offerId' in named ? `The offer ${named.offerId}` : `The evening ${named.eveningId}`;
    if (answer.ok) return { evenings: answer.value };
    if (answer.refusal === 'ambiguous') throw badRequest('door/offer-ambiguous', `${what} is an evening of ${answer.brandIds.join(' and ')}: name the brand with --brand`);
    throw new ApiError(eveningNotFound.status, eveningNotFound.code, `No ticketed evening ${offerId ?? eveningId}${brandId ? ` of ${brandId}` : ''}`);
  });

  // A brand file's door staff, after POST /admin/brand wrote the brand (`npm run brand` through a server).
  app.post('/admin/door/staff', { onRequest: operator.onRequest, onResponse: operator.onResponse, schema: { hide: true, body: DoorStaffBody } }, async (request) => ({
    doorStaff: answer(await door.appointStaff(request.body.brandId, request.body.doorStaff, appPortOf(request.server))),
  }));
}
