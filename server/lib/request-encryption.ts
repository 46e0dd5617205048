import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { refusal, type Refusal } from "../../domain/refusals";
import { AppError } from "./errors";

/**
 * The request-encryption helper of specification §7 as an opt-in compatibility layer. It is
 * obfuscation, not security: TLS and the session token protect the API.
 *
 * Wire format: `{encrypt, sign, timestamp}` where
 * - `encrypt` = base64(IV ‖ AES-CBC(key, IV, PKCS#7(params))) with a fresh random 16-byte IV
 *   prefixed to the ciphertext (a fixed IV would make equal requests look equal);
 * - `params` is the query string of the call's fields (`a=1&b=x`, the specification's form:
 *   every value a string) or a JSON object (types kept, for calls with number fields);
 * - `timestamp` = epoch milliseconds (seconds are accepted too);
 * - `sign` = hex HMAC-SHA256(key, `${timestamp}.${encrypt}`), so the time and the ciphertext
 *   cannot be swapped; requests more than 5 minutes from the server's clock are refused.
 */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** A refused encrypted body: 400 with its key, like every refusal. */
export class RequestDecryptError extends AppError {
  constructor(r: Refusal) {
    super(400, r);
  }
}

/** The key from ENCRYPTION_KEY: 16, 24 or 32 bytes as hex or base64 (AES-128/192/256). */
export function parseEncryptionKey(text: string): Buffer {
  const value = text.trim();
  let key: Buffer | null = null;
  if (/^(?:[0-9a-fA-F]{2})+$/.test(value)) key = Buffer.from(value, "hex");
  else if (/^[A-Za-z0-9+/]+={0,2}$/.test(value) && value.length % 4 === 0) key = Buffer.from(value, "base64");
  if (!key || ![16, 24, 32].includes(key.length))
    throw new Error("ENCRYPTION_KEY must be 16, 24 or 32 bytes written as hex or base64");
  return key;
}

const cipherName = (key: Buffer) => `aes-${key.length * 8}-cbc`;
const signOf = (key: Buffer, timestamp: string, encrypt: string) =>
  createHmac("sha256", key).update(`${timestamp}.${encrypt}`).digest("hex");

export interface EncryptedBody {
  encrypt: string;
  sign: string;
  timestamp: number | string;
}

/** What a client does (the web app and the tests use it). */
export function encryptParams(
  key: Buffer,
  params: string,
  timestamp: number = Date.now(),
  iv: Buffer = randomBytes(16),
): EncryptedBody {
  const cipher = createCipheriv(cipherName(key), key, iv);
  const encrypt = Buffer.concat([iv, cipher.update(params, "utf8"), cipher.final()]).toString("base64");
  return { encrypt, sign: signOf(key, String(timestamp), encrypt), timestamp };
}

/** Checks time and sign, then decrypts; every refusal is a RequestDecryptError (400 with its key). */
export function decryptParams(key: Buffer, body: EncryptedBody, now: number = Date.now()): string {
  const ts =
    typeof body.timestamp === "number" ? body.timestamp : /^\d{1,16}$/.test(body.timestamp) ? Number(body.timestamp) : NaN;
  if (!Number.isSafeInteger(ts)) throw new RequestDecryptError(refusal("encryption.badTimestamp"));
  const ms = ts < 1e11 ? ts * 1000 : ts;
  if (Math.abs(now - ms) > MAX_CLOCK_SKEW_MS)
    throw new RequestDecryptError(refusal("encryption.staleTimestamp", { minutes: MAX_CLOCK_SKEW_MS / 60_000 }));
  if (!/^[0-9a-fA-F]{64}$/.test(body.sign)) throw new RequestDecryptError(refusal("encryption.badSign"));
  const expected = Buffer.from(signOf(key, String(body.timestamp), body.encrypt), "hex");
  if (!timingSafeEqual(expected, Buffer.from(body.sign, "hex")))
    throw new RequestDecryptError(refusal("encryption.signMismatch"));
  const raw = Buffer.from(body.encrypt, "base64");
  if (raw.length < 32 || raw.length % 16 !== 0) throw new RequestDecryptError(refusal("encryption.badCipher"));
  try {
    const decipher = createDecipheriv(cipherName(key), key, raw.subarray(0, 16));
    return Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString("utf8");
  } catch {
    throw new RequestDecryptError(refusal("encryption.cannotDecrypt"));
  }
}

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** The decrypted params as a request body: a JSON object, or the query string's fields as strings. */
export function paramsToBody(params: string): Record<string, unknown> {
  const text = params.trim();
  let body: Record<string, unknown>;
  if (text.startsWith("{") || text.startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new RequestDecryptError(refusal("encryption.notJson"));
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
      throw new RequestDecryptError(refusal("encryption.notObject"));
    body = parsed as Record<string, unknown>;
  } else {
    body = {};
    for (const [k, v] of new URLSearchParams(text)) {
      // Checked before assigning: `body["__proto__"] = v` would not even make an own key.
      if (FORBIDDEN_KEYS.has(k)) throw new RequestDecryptError(refusal("encryption.forbiddenName", { name: k }));
      if (Object.hasOwn(body, k)) throw new RequestDecryptError(refusal("encryption.duplicateName", { name: k }));
      body[k] = v;
    }
  }
  for (const k of Object.keys(body))
    if (FORBIDDEN_KEYS.has(k)) throw new RequestDecryptError(refusal("encryption.forbiddenName", { name: k }));
  return body;
}
