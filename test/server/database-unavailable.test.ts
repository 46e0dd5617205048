import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { errorHandler } from "../../server/lib/error-handler";

/**
 * A call that meets a database restarting (PostgreSQL's admin_shutdown, a refused or ended
 * connection) committed nothing: the client is told to try again (503, `api.unavailable`,
 * Retry-After) rather than shown an internal error. The replicas' fault drill
 * (test/replicas/database-restart.test.ts) restarts a real server under load.
 */
async function answerTo(err: Error) {
  const app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  app.get("/x", async () => {
    throw err;
  });
  const res = await app.inject({ method: "GET", url: "/x" });
  await app.close();
  return { status: res.statusCode, retryAfter: res.headers["retry-after"], json: res.json() as { key: string; msg: string } };
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("a database that cannot be reached", () => {
  it.each([
    ["a restart (57P01)", withCode("terminating connection due to administrator command", "57P01")],
    ["a server starting up (57P03)", withCode("the database system is starting up", "57P03")],
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a connection ended under a query", new Error("Connection terminated unexpectedly")],
    ["one wrapped as a cause", new Error("query failed", { cause: withCode("read ECONNRESET", "ECONNRESET") })],
  ])("answers 503 api.unavailable with Retry-After for %s", async (_name, err) => {
    const answer = await answerTo(err);
    expect(answer.status).toBe(503);
    expect(answer.json.key).toBe("api.unavailable");
    expect(answer.retryAfter).toBe("2");
  });

  it("still answers any other failure as an internal error, with no detail", async () => {
    const answer = await answerTo(withCode('duplicate key value violates unique constraint "users_pkey"', "23505"));
    expect(answer.status).toBe(500);
    expect(answer.json.key).toBe("api.internal");
    expect(answer.json.msg).not.toMatch(/users_pkey/);
  });
});
