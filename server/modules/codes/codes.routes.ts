import type { FastifyInstance } from "fastify";
import sendEmailCodeRoute from "./send-email-code.route";
import sendSmsCodeRoute from "./send-sms-code.route";

/** The codes module's calls, registered under /base/api. */
export default async function codesRoutes(api: FastifyInstance) {
  await api.register(sendEmailCodeRoute);
  await api.register(sendSmsCodeRoute);
}
