import type { FastifyInstance } from "fastify";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../../domain/demo-accounts";
import { seedDemoData } from "../../../server/seed/seed-demo-data";
import { login } from "../support/siwe";
import { createTestApp } from "../support/test-app";

// The demo seed writes its images where the configured DATA_DIR says, as the app reads them.
let app: FastifyInstance;
let close: () => Promise<void>;
beforeEach(async () => {
  const t = await createTestApp();
  ({ app, close } = t);
  await seedDemoData(t.db.kysely);
});
afterEach(async () => close());

describe("demo identity applications", () => {
  it("show each demo user their own ID images, and nobody else's", async () => {
    const [alice, bob, carol] = await Promise.all(
      [1, 2, 3].map((n) => login(app, privateKeyToAccount(DEMO_ACCOUNTS[n]!.privateKey))),
    );
    const images = async (token: string) => {
      const info = (await app.inject({ method: "POST", url: "/base/api/user/auth/info", headers: { token } })).json().data;
      return [info.frontImage as string, info.backImage as string];
    };
    const open = async (url: string, token: string) => (await app.inject({ method: "GET", url, headers: { token } })).statusCode;
    const tokens = [alice!, bob!, carol!];
    for (const owner of tokens)
      for (const url of await images(owner))
        for (const viewer of tokens) expect(await open(url, viewer)).toBe(viewer === owner ? 200 : 404);
  });
});
