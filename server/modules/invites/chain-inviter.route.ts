import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { chainInviter } from "../../../domain/api/chain-inviter";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import { findUserByAddress } from "../user/user.repository";
import { chainInviterLookup } from "./chain-inviter.service";

/**
 * GET /base/api/user/chain/inviter (signed in): whether the address is already in the DAO's
 * invitation tree on chain, and under whom: `{chain, bound, inviter: {address, invitationCode}
 * | null}`. `chain` false: no chain is configured. The register form reads it to say, before
 * submitting, that the chain's inviter will be taken. 503 while the chain cannot be read.
 */
export default async function chainInviterRoute(app: FastifyInstance) {
  const chainInviterOf = chainInviterLookup(app.config);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/user/chain/inviter", { onRequest: authenticate, schema: { response: replies(chainInviter) } }, async (request) => {
      const onChain = await chainInviterOf(request.user.address);
      if (!onChain) return ok({ chain: false, bound: false, inviter: null });
      if (!onChain.bound || onChain.inviter === null) return ok({ chain: true, bound: onChain.bound, inviter: null });
      // An inviter that never signed in here has no code yet (registering gives it one).
      const invitationCode = (await findUserByAddress(app.db.kysely, onChain.inviter))?.invitation_code ?? null;
      return ok({ chain: true, bound: true, inviter: { address: onChain.inviter.toLowerCase(), invitationCode } });
    });
}
