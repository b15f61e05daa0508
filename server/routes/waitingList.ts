import { memberLinkOrigin } from '../mail/mail.ts';
import { mailLanguageOf } from '../mail/orderMail.ts';
import { requestAppUrl } from '../plugins/memberContext.ts';
import { ApiErrorBody } from '../../contract/common.ts';
import { WaitingListBody, WaitingListPlace, WaitingListPlaces, WaitingListQuery } from '../../contract/waitingList.ts';
import { joinWaitingList, leaveWaitingList, placesOnOffer, type WaitingListDeps } from '../waitingList/waitingList.ts';
import type { App, RouteDeps } from './types.ts';

/** The member's waiting-list places (spec 5): read them per offer, join a sold-out variant's line, leave it. */
export async function waitingListRoutes(app: App, deps: RouteDeps & { waitingList: WaitingListDeps }) {
  const { db, requireMember, waitingList } = deps;

  app.get(
    '/v1/get_list/waiting_list',
    { preHandler: requireMember, schema: { querystring: WaitingListQuery, response: { 200: WaitingListPlaces, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand, token } = request.member;
      return placesOnOffer(db, { brandId: brand.id, userId: token.uid }, request.query.offerId);
    },
  );

  app.post(
    '/v1/join/waiting_list',
    { preHandler: requireMember, schema: { body: WaitingListBody, response: { 200: WaitingListPlace, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand, token } = request.member;
      const appUrl = requestAppUrl(request);
      const appOrigin = memberLinkOrigin(appUrl, brand);
      return joinWaitingList(
        db,
        { brandId: brand.id, userId: token.uid, language: mailLanguageOf(request.headers['accept-language']), appOrigin },
        request.body.itemVariantId,
        waitingList.now(),
      );
    },
  );

  app.post(
    '/v1/leave/waiting_list',
    { preHandler: requireMember, schema: { body: WaitingListBody, response: { 200: WaitingListPlace, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand, token } = request.member;
      return leaveWaitingList(waitingList, { brandId: brand.id, userId: token.uid }, request.body.itemVariantId);
    },
  );
}
