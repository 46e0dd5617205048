import type { FastifyReply, FastifyRequest } from "fastify";
import type { UserRow } from "../../db/schema";
import { unauthorized } from "../../lib/errors";
import { NOT_NOW } from "./session-store";
import { hashSessionToken } from "./session-token";

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
 * Reads the `token` header (specification §7) and loads the session's user from the app's
 * session store (./session-store.ts), or answers 401: for code that checks a session itself
 * (operators, private images); routes use `authenticate`.
 */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const tokenHash = tokenHashOf(request);
  signIn(request, tokenHash, await request.server.sessionStore.find(tokenHash, Date.now()));
}

/**
 * requireUser as every authenticated route's `onRequest` hook. Where the session store answers
 * at once (a kept session, or SQLite outside a transaction) it finishes without a promise; with
 * user/info's handler done the same way, that took a fifth off that call's CPU time (ADR-0188,
 * "Authenticated calls without a promise"). The error a handler throws later never reaches a
 * catch here: `done` is called outside it.
 */
export function authenticate(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  const store = request.server.sessionStore;
  let tokenHash: string;
  let user: ReturnType<typeof store.findNow>;
  const now = Date.now();
  try {
    tokenHash = tokenHashOf(request);
    user = store.findNow(tokenHash, now);
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
  if (user === NOT_NOW) store.find(tokenHash, now).then(finish, done);
  else finish(user);
}
