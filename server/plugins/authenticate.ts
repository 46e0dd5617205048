import type { FastifyReply, FastifyRequest } from "fastify";
import type { UserRow } from "../db/schema";
import { unauthorized } from "../lib/errors";
import { hashSessionToken } from "../modules/auth/session-token";
import { NOT_NOW, findUserBySessionHash, findUserBySessionHashNow } from "../modules/auth/session.repository";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `authenticate` (or `requireUser`) on authenticated routes. */
    user: UserRow;
    tokenHash: string;
  }
}

/** The hash of the request's `token` header (specification §7), or the 401 a missing or absurd one gets. */
function tokenHashOf(request: FastifyRequest): string {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  if (!token || token.length > 128) throw unauthorized("api.relogin");
  return hashSessionToken(token);
}

function signIn(request: FastifyRequest, tokenHash: string, user: UserRow | undefined): void {
  if (!user) throw unauthorized("api.relogin");
  request.user = user;
  request.tokenHash = tokenHash;
}

/**
 * Reads the `token` header (specification §7) and loads the session's user, or answers 401: for
 * code that checks a session itself (operators, private images); routes use `authenticate`.
 */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const tokenHash = tokenHashOf(request);
  signIn(request, tokenHash, await findUserBySessionHash(request.server.db, tokenHash, Date.now()));
}

/**
 * requireUser as every authenticated route's `onRequest` hook. Where the database answers at once
 * (SQLite outside a transaction) it finishes without a promise; with user/info's handler done the
 * same way, that took a fifth off that call's CPU time (ADR-0188, "Authenticated calls
 * without a promise"). The error a handler throws later never reaches a catch here: `done` is
 * called outside it.
 */
export function authenticate(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  let tokenHash: string;
  let user: ReturnType<typeof findUserBySessionHashNow>;
  const now = Date.now();
  try {
    tokenHash = tokenHashOf(request);
    user = findUserBySessionHashNow(request.server.db, tokenHash, now);
  } catch (err) {
    return done(err as Error);
  }
  const finish = (found: UserRow | undefined) => {
    try {
      signIn(request, tokenHash, found);
    } catch (err) {
      return done(err as Error);
    }
    done();
  };
  if (user === NOT_NOW) findUserBySessionHash(request.server.db, tokenHash, now).then(finish, done);
  else finish(user);
}
