import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CODE_RESEND_MS, CODE_TTL_MS } from "../../../domain/verification-code";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { sendSmsCode } from "./send-code.service";
import { codeSentReply, sendSmsCodeParams } from "../../../domain/api/account-fields";

/** GET /base/api/home/sending/{param}: texts a 6-digit code to the phone number `param`. */
export default async function sendSmsCodeRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/home/sending/:param", { schema: { params: sendSmsCodeParams, response: replies(codeSentReply) } }, async (request) => {
      const { param } = request.params;
      await sendSmsCode(app, param, request.ip);
      return ok({ expiresIn: CODE_TTL_MS / 1000, resendIn: CODE_RESEND_MS / 1000 });
    });
}
