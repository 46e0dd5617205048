import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { CODE_LENGTH } from "../../../domain/verification-code";

/** A uniformly random code of CODE_LENGTH digits (leading zeros allowed). */
export function newCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, "0");
}

/**
 * `salt:sha256(salt:code)`. Six digits cannot be protected against offline guessing by any hash;
 * this keeps codes out of plain sight in backups and logs. What protects a code is its 10
 * minutes, 5 attempts and single use.
 */
export function hashCode(code: string): string {
  const salt = randomBytes(8).toString("hex");
  return `${salt}:${createHash("sha256").update(`${salt}:${code}`).digest("hex")}`;
}

export function codeMatches(code: string, stored: string): boolean {
  const [salt, hex] = stored.split(":");
  if (!salt || !hex || hex.length !== 64) return false;
  const actual = createHash("sha256").update(`${salt}:${code}`).digest();
  return timingSafeEqual(actual, Buffer.from(hex, "hex"));
}
