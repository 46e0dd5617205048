import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";

export interface MailConfig {
  dataDir: string;
  smtpUrl: string | null;
  mailFrom: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

const smtpTransports = new Map<string, Transporter>();
// Builds the RFC 5322 message without sending it: the outbox holds exactly what SMTP would get.
const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

const outboxName = (now: number) => `${new Date(now).toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}`;

/**
 * Delivers a mail by SMTP when SMTP_URL is configured, else writes it to `${DATA_DIR}/outbox/`
 * as `<name>.eml` (the message) and `<name>.json` (to, subject, text: what tests and a developer read).
 */
export async function sendMail(config: MailConfig, mail: Mail, now = Date.now()): Promise<void> {
  const message = { from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text };
  if (config.smtpUrl) {
    let transport = smtpTransports.get(config.smtpUrl);
    if (!transport) {
      transport = nodemailer.createTransport(config.smtpUrl);
      smtpTransports.set(config.smtpUrl, transport);
    }
    await transport.sendMail(message);
    return;
  }
  const dir = path.join(config.dataDir, "outbox");
  await fs.mkdir(dir, { recursive: true });
  const built = await fileTransport.sendMail(message);
  const name = outboxName(now);
  await fs.writeFile(path.join(dir, `${name}.eml`), built.message as Buffer);
  await fs.writeFile(path.join(dir, `${name}.json`), JSON.stringify({ ...message, at: new Date(now).toISOString() }, null, 2));
}

/** No SMS provider is wired in: messages go to `${DATA_DIR}/outbox/sms/<name>.json`. */
export async function sendSms(
  config: Pick<MailConfig, "dataDir">,
  sms: { to: string; text: string },
  now = Date.now(),
): Promise<void> {
  const dir = path.join(config.dataDir, "outbox", "sms");
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(
    path.join(dir, `${outboxName(now)}.json`),
    JSON.stringify({ ...sms, at: new Date(now).toISOString() }, null, 2),
  );
}
