import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest } from "../lib/errors";
import { decryptParams, paramsToBody } from "../lib/request-encryption";

const WIRE_KEYS = ["encrypt", "sign", "timestamp"];

function isEncryptedBody(body: unknown): body is { encrypt: string; sign: string; timestamp: number | string } {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return false;
  return Object.hasOwn(body, "encrypt") && Object.hasOwn(body, "sign");
}

/**
 * Opt-in request decryption (ENCRYPTION_KEY): a body `{encrypt, sign, timestamp}` is replaced
 * by its decrypted params before the route's schema sees it; plain bodies pass untouched, so the
 * layer can be switched on without breaking a client. Replies are not encrypted.
 */
export default async function requestEncryption(app: FastifyInstance) {
  const key = app.config.encryptionKey;
  if (!key) return;
  app.addHook("preValidation", async (request: FastifyRequest) => {
    const body = request.body;
    if (!isEncryptedBody(body)) return;
    const keys = Object.keys(body);
    if (keys.length !== WIRE_KEYS.length || !WIRE_KEYS.every((k) => keys.includes(k))) throw badRequest("encryption.wrongFields");
    if (
      typeof body.encrypt !== "string" ||
      typeof body.sign !== "string" ||
      (typeof body.timestamp !== "number" && typeof body.timestamp !== "string")
    )
      throw badRequest("encryption.wrongTypes");
    if (body.encrypt.length > 1_400_000) throw badRequest("encryption.tooLarge");
    // A refusal is a RequestDecryptError: an AppError with its own key.
    request.body = paramsToBody(decryptParams(key, body));
  });
}
// Hooks apply to the whole API, not just this plugin's own (empty) scope.
(requestEncryption as unknown as Record<symbol, boolean>)[Symbol.for("skip-override")] = true;
