/**
 * Email addresses as the app accepts them: a deliberately plain subset of RFC 5321 (letters,
 * digits and . _ % + - before the @, a dotted host name with a letter TLD), at most 254
 * characters. Stored lower-cased so one mailbox is one account.
 */
export const EMAIL_MAX_LENGTH = 254;
const EMAIL_PATTERN = /^[a-z0-9_%+-]+(?:\.[a-z0-9_%+-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}$/;

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** `value` must already be normalised. */
export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const local = value.split("@")[0] ?? "";
  return local.length <= 64 && EMAIL_PATTERN.test(value);
}

/** "alice@example.com" → "a***@example.com". */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf("@");
  if (at < 1) return "***";
  return `${value[0]}***${value.slice(at)}`;
}
