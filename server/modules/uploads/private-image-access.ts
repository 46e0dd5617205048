import type { FastifyReply, FastifyRequest } from "fastify";
import { requireAdmin } from "../../plugins/admin";
import { requireUser } from "../../plugins/authenticate";

/**
 * The one place that decides who may see a private (identity or bank) image: its owner and the
 * operators. An operator is today whoever holds the shared admin token (`x-admin-token`, checked
 * by `requireAdmin`); when operators get identities of their own, this is what changes.
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
    await requireAdmin(request, reply);
    return ownerId !== undefined;
  }
  await requireUser(request, reply);
  return ownerId !== undefined && BigInt(request.user.id) === ownerId;
}
