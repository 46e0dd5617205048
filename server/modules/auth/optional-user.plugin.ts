import type { FastifyReply, FastifyRequest } from "fastify";
import type { UserRow } from "../../db/schema";
import { hashSessionToken } from "./session-token";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `optionalUser` when the `token` header names a live session; otherwise null. */
    viewer: UserRow | null;
  }
}

/**
 * For public "query pages" (notices): a valid token personalises the answer, a missing,
 * expired or unknown one just means anonymous. Never a 401, so the client does not log out
 * (specification §4).
 */
export async function optionalUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  request.viewer = null;
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  if (!token || token.length > 128) return;
  request.viewer = (await request.server.sessionStore.find(hashSessionToken(token), Date.now())) ?? null;
}
