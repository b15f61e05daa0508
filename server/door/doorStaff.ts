import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { notDoorStaff } from '../../contract/door.ts';
import { ApiError, isApiError } from '../../contract/apiError.ts';

/** The brand role (`brand_role.brand_role_id`) of the staff who check tickets in at the door. */
export const doorRoleId = 'door';

const refusal = () => new ApiError(notDoorStaff.status, notDoorStaff.code, notDoorStaff.message);

/**
 * preHandler of the door routes: a signed-in member (401 as the member routes answer) whose
 * active role in the brand is `door`. Anyone else, a member or a revoked role alike, gets 403
 * `door/not-door-staff`.
 */
export function requireDoorStaff(requireMember: preHandlerAsyncHookHandler) {
  return async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    try {
      await requireMember.call(this, request, reply);
    } catch (error) {
      if (isApiError(error) && error.status === 403) throw refusal();
      throw error;
    }
    if (request.member.role.brandRoleId !== doorRoleId) throw refusal();
  };
}
