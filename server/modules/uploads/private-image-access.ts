import type { FastifyReply, FastifyRequest } from "fastify";
import { requireUser } from "../auth/authenticate.plugin";
import { identifyOperator } from "../operators/require-operator";
import { rolesOf } from "../operators/operator.service";

/**
 * The one place that decides who may see a private (identity or bank) image: its owner and the
 * operators who review those applications (role `reviewer`): a signed-in wallet that holds it,
 * or a script with the shared admin token (`x-admin-token`, which wins over a session beside it).
 *
 * A request with no credential, or a wrong one, is answered 401 here, whether or not the image
 * exists. Otherwise the answer is whether this viewer may see an image of `ownerId` (undefined:
 * no such image); the caller answers a refusal exactly like a missing image, so another user
 * learns nothing about which names exist.
 */
export async function mayViewPrivateImage(
  request: FastifyRequest,
  reply: FastifyReply,
  ownerId: bigint | undefined,
): Promise<boolean> {
  if (request.headers["x-admin-token"] !== undefined) {
    const script = await identifyOperator(request, reply);
    return ownerId !== undefined && script.roles.includes("reviewer");
  }
  await requireUser(request, reply);
  if (ownerId === undefined) return false;
  if (BigInt(request.user.id) === ownerId) return true;
  return (await rolesOf(request.server, request.user.address.toLowerCase())).includes("reviewer");
}
