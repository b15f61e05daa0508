import { ApiErrorBody } from '../../contract/common.ts';
import { MemberWaitingListPlaces, WaitingListBody, WaitingListPlace, WaitingListPlaces, WaitingListQuery } from '../../contract/waitingList.ts';
import { languageOf } from '../../domain/language.ts';
import { memberLinkOrigin } from '../mail/mail.ts';
import { requestAppUrl } from '../plugins/memberContext.ts';
import { textLanguages } from '../language.ts';
import type { App, RouteDeps } from './types.ts';
import { appPortOf } from '../mail/appPort.ts';

/** The member's waiting-list places (spec 5, docs/waiting-list.md): per offer and all of them, join a sold-out variant's line, leave it. */
export async function waitingListRoutes(app: App, deps: RouteDeps) {
  const { requireMember, waitingLists } = deps;
  const member = (request: { member: { brand: { id: string }; token: { uid: string } } }) => ({ brandId: request.member.brand.id, userId: request.member.token.uid });

  app.get(
    '/v1/get_list/waiting_list',
    { preHandler: requireMember, schema: { querystring: WaitingListQuery, response: { 200: WaitingListPlaces, '4xx': ApiErrorBody } } },
    async (request) => waitingLists.onOffer(member(request), request.query.offerId),
  );

  app.get(
    '/v1/get_list/user/waiting_list',
    { preHandler: requireMember, schema: { response: { 200: MemberWaitingListPlaces, '4xx': ApiErrorBody } } },
    async (request) => waitingLists.ofMember(member(request), textLanguages(request, request.member.brand)),
  );

  app.post(
    '/v1/join/waiting_list',
    { preHandler: requireMember, schema: { body: WaitingListBody, response: { 200: WaitingListPlace, '4xx': ApiErrorBody } } },
    async (request) => {
      const appOrigin = memberLinkOrigin(requestAppUrl(request), request.member.brand, appPortOf(request.server));
      const joiner = { ...member(request), language: languageOf(request.headers['accept-language']), appOrigin, clientAddress: request.ip };
      return waitingLists.join(joiner, request.body.itemVariantId);
    },
  );

  app.post(
    '/v1/leave/waiting_list',
    { preHandler: requireMember, schema: { body: WaitingListBody, response: { 200: WaitingListPlace, '4xx': ApiErrorBody } } },
    async (request) => waitingLists.leave(member(request), request.body.itemVariantId),
  );
}
