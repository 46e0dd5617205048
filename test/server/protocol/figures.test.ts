import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { protocolFiguresReply } from "../../../domain/api/protocol-figures";
import { createTestApp } from "../support/test-app";

/*
 * GET /base/api/protocol/figures over HTTP (ADR-0209). Its readings against a deployed protocol
 * are tested on a Hardhat network (test/contracts/protocol-figures.test.ts); here, what a visitor
 * gets when there is nothing to read: a success with no figures, never a refusal, so the pages
 * fall back to their own reads.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "figures-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function figuresOf(overrides: Record<string, string>) {
  const t = await createTestApp(overrides);
  try {
    const res = await t.app.inject({ method: "GET", url: "/base/api/protocol/figures" });
    return { status: res.statusCode, body: res.json() as { code: number; data: unknown } };
  } finally {
    await t.close();
  }
}

describe("GET /base/api/protocol/figures", () => {
  it("answers no figures, without a session, when no protocol is deployed", async () => {
    const { status, body } = await figuresOf({ DEPLOYMENTS_FILE: path.join(dir, "none.json") });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, data: { figures: null } });
    expect(protocolFiguresReply.parse(body.data)).toEqual({ figures: null });
  });

  it("answers no figures when the chain does not answer", async () => {
    const file = path.join(dir, "deployments.json");
    const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
    fs.writeFileSync(
      file,
      JSON.stringify({
        chainId: 31337,
        genesisHash: `0x${"1".repeat(64)}`,
        startBlock: 0,
        deployedAt: new Date().toISOString(),
        contracts: { usdt: address(1), game: address(2), front: address(3), spex: address(4) },
      }),
    );
    // A port nothing listens on.
    const { status, body } = await figuresOf({ DEPLOYMENTS_FILE: file, CHAIN_ID: "31337", CHAIN_RPC_URL: "http://127.0.0.1:9" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, data: { figures: null } });
  });

  it("takes no query", async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: "GET", url: "/base/api/protocol/figures?block=1" });
      expect((res.json() as { code: number }).code).not.toBe(0);
    } finally {
      await t.close();
    }
  });
});
