import type { FastifyReply, FastifyRequest } from "fastify";
import type { UserRow } from "../db/schema";
import { unauthorized } from "../lib/errors";
import { hashSessionToken } from "../modules/auth/session-token";
import { findUserBySessionHash } from "../modules/auth/session.repository";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireUser` on authenticated routes. */
    user: UserRow;
    tokenHash: string;
  }
}

/** Reads the `token` header (specification §7) and loads the session's user, or answers 401. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  if (!token || token.length > 128) throw unauthorized("api.relogin");
  const tokenHash = hashSessionToken(token);
  const user = await findUserBySessionHash(request.server.db, tokenHash, Date.now());
  if (!user) throw unauthorized("api.relogin");
  request.user = user;
  request.tokenHash = tokenHash;
}
