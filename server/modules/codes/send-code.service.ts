import type { FastifyInstance } from "fastify";
import type { CodePurpose } from "../../../domain/verification-code";
import { conflict, notFound, refuse } from "../../lib/errors";
import { findUserIdByEmail } from "../user/email.repository";
import { deleteCode } from "./code.repository";
import { issueCode } from "./code.service";
import { sendMail, sendSms } from "./outbox";

type Deps = Pick<FastifyInstance, "db" | "config" | "log">;

/** The SMS code's purpose: no call of the specification consumes it yet (see ADR-0043 and ADR-0150). */
export const SMS_PURPOSE = "phone";

const subjects: Record<CodePurpose, string> = {
  register: "PEX registration code / 注册验证码",
  forget: "PEX fund password reset code / 重置资金密码验证码",
};

export async function sendEmailCode(app: Deps, email: string, purpose: CodePurpose, ip: string): Promise<void> {
  const owner = await findUserIdByEmail(app.db.kysely, email);
  if (purpose === "register" && owner !== null) throw conflict("register.emailTaken");
  if (purpose === "forget" && owner === null) throw notFound("account.noSuchEmail");
  const limits = { dailyCapPerTarget: app.config.codeDailyCapPerTarget, dailyCapPerIp: app.config.codeDailyCapPerIp };
  const { id, code } = await issueCode(app.db, limits, { channel: "email", target: email, purpose }, ip);
  const text = `Your verification code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this mail.\n\n您的验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略本邮件。\n`;
  try {
    await sendMail(app.config, { to: email, subject: subjects[purpose], text });
  } catch (err) {
    // An undelivered code must not hold the target's once-a-minute slot.
    await deleteCode(app.db.kysely, id);
    app.log.error({ err }, "verification mail failed");
    throw refuse(503, "code.mailFailed");
  }
}

export async function sendSmsCode(app: Deps, phone: string, ip: string): Promise<void> {
  const limits = { dailyCapPerTarget: app.config.codeDailyCapPerTarget, dailyCapPerIp: app.config.codeDailyCapPerIp };
  const { id, code } = await issueCode(app.db, limits, { channel: "sms", target: phone, purpose: SMS_PURPOSE }, ip);
  try {
    await sendSms(app.config, { to: phone, text: `【PEX】验证码 ${code}，10 分钟内有效。Your code is ${code}.` });
  } catch (err) {
    await deleteCode(app.db.kysely, id);
    app.log.error({ err }, "verification SMS failed");
    throw refuse(503, "code.smsFailed");
  }
}
