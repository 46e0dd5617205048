import { hash, randomBytes } from "node:crypto";

/** 256 random bits, sent to the client once; only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * SHA-256 is enough here: the token is high-entropy random, so unlike a password it cannot be
 * guessed from its hash, and a slow KDF would only slow every authenticated call.
 */
export function hashSessionToken(token: string): string {
  // The one-shot form: a third of the cost of createHash().update().digest() on every call.
  return hash("sha256", token, "hex");
}
