import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CODE_RESEND_MS, CODE_TTL_MS } from "../../../domain/verification-code";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { sendEmailCode } from "./send-code.service";
import { codeSentReply, sendEmailCodeBody } from "../../../domain/api/account-fields";

/**
 * POST /base/api/home/send/email `{email, purpose}`: mails a 6-digit code for `register` (the
 * address must be free) or `forget` (the address must belong to an account). Public: the
 * fund-password reset is reached without signing in.
 */
export default async function sendEmailCodeRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post("/home/send/email", { schema: { body: sendEmailCodeBody, response: replies(codeSentReply) } }, async (request) => {
      const input = request.body;
      await sendEmailCode(app, input.email, input.purpose, request.ip);
      return ok({ expiresIn: CODE_TTL_MS / 1000, resendIn: CODE_RESEND_MS / 1000 });
    });
}
