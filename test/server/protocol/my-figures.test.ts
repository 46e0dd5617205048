import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { myFiguresReply } from "../../../domain/api/protocol-my-figures";
import { refused } from "../support/refused";
import { login } from "../support/siwe";
import { createTestApp } from "../support/test-app";

/*
 * GET /base/api/protocol/figures/mine over HTTP (ADR-0212): signed in only, whose figures is the
 * session's to say (no query at all), and never stored by a cache. Its readings against a deployed
 * protocol are tested on a Hardhat network (test/contracts/protocol-my-figures.test.ts).
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "my-figures-"));
let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ DEPLOYMENTS_FILE: path.join(dir, "none.json") });
  token = await login(t.app, privateKeyToAccount(generatePrivateKey()));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

describe("GET /base/api/protocol/figures/mine", () => {
  it("refuses a visitor without a session, or with a forged one", async () => {
    for (const headers of [{}, { token: "not-a-session" }] as Record<string, string>[]) {
      const res = await get("/base/api/protocol/figures/mine", headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(refused(401, "api.relogin"));
    }
  });

  it("answers the session's figures, private and never cached: none when no protocol is deployed", async () => {
    const res = await get("/base/api/protocol/figures/mine", { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(myFiguresReply.parse((res.json() as { data: unknown }).data)).toEqual({ figures: null });
  });

  it("takes no address, nor any other query: another account's figures cannot be asked for", async () => {
    const other = privateKeyToAccount(generatePrivateKey()).address;
    for (const query of [`address=${other}`, `account=${other}`, "block=1"]) {
      const res = await get(`/base/api/protocol/figures/mine?${query}`, { token });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { code: number }).code).not.toBe(0);
    }
  });
});
