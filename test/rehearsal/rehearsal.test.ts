import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPublicClient, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daoAbi } from "../../generated/abis";
import { startRehearsal, type Rehearsal } from "../../scripts/rehearsal/stack";
import { rehearsalPorts } from "../../scripts/rehearsal/ports";
import { restoreDrill } from "./restore-drill";
import { runJourney } from "./journey";
import { withdrawableFromLedger } from "./journey/ledger-credit";

/**
 * Issue 29, item 4: the rehearsal. Everything production runs, started here as an operator would
 * (scripts/rehearsal/stack.ts), then used as a user would.
 */
const ports = rehearsalPorts();
let r: Rehearsal;
const log = (line: string) => console.log(`[rehearsal] ${line}`);

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-rehearsal-"));
  r = await startRehearsal({ dir, ports, log });
});
afterAll(async () => {
  await r?.stop();
  if (!r) return;
  // The logs and screenshots stay for review; the keystores and their passwords do not.
  fs.rmSync(path.join(r.dir, "keys"), { recursive: true, force: true });
  log(`logs, screenshots and the deployment are in ${r.dir}`);
});

describe("the rehearsal", () => {
  it("deployed with the deployer's keystore and the rehearsal's short durations, each server key in its own role", async () => {
    const client = createPublicClient({ transport: http(r.rpcUrl) });
    expect(await client.getChainId()).toBe(97);
    const dao = r.deployments.contracts.dao!;
    const set = await client.getContractEvents({ address: dao, abi: daoAbi, eventName: "SeniorityPeriodSet", fromBlock: 0n });
    expect(set.map((e) => e.args.period)).toEqual([120n]);
    const role = (name: "BINDER_ROLE" | "DIVIDEND_ROLE") =>
      client.readContract({ address: dao, abi: daoAbi, functionName: name });
    const has = async (name: "BINDER_ROLE" | "DIVIDEND_ROLE", who: `0x${string}`) =>
      client.readContract({ address: dao, abi: daoAbi, functionName: "hasRole", args: [await role(name), who] });
    expect(await has("BINDER_ROLE", r.keys.binder.address)).toBe(true);
    expect(await has("DIVIDEND_ROLE", r.keys.binder.address)).toBe(false);
    expect(await has("DIVIDEND_ROLE", r.keys.dividend.address)).toBe(true);
    expect(await has("BINDER_ROLE", r.keys.payout.address)).toBe(false);
  });

  it("serves the app over TLS and every replica is ready on PostgreSQL", async () => {
    for (const url of r.apiUrls) {
      const res = await fetch(`${url}/base/api/ready`);
      expect(res.status, url).toBe(200);
    }
    expect(r.webUrl).toMatch(/^https:\/\/localhost:/);
  });

  it("takes a user through the app over HTTPS: invited sign-up bound on chain, recharge, buy, withdrawal paid, swap, stake, a lottery draw", async () => {
    const result = await runJourney({
      webUrl: r.webUrl,
      apiUrl: r.webUrl.replace(/\/$/, ""),
      rpcUrl: r.rpcUrl,
      chainId: 97,
      deploymentsFile: r.deploymentsFile,
      dataDir: r.dataDir,
      user: r.people.user,
      inviter: r.people.inviter,
      admins: r.people.admins,
      ignoreHttpsErrors: true,
      screenshotsDir: path.join(r.dir, "screenshots"),
      log,
      // A stand-in (ADR-0208): withdrawable USDT comes from a day's income, which a rehearsal cannot wait for.
      creditWithdrawable: withdrawableFromLedger({ databaseUrl: r.databaseUrl, sqliteFile: "" }),
    });
    log(`journey: ${result.steps.map((s) => `${s.name} ${s.seconds.toFixed(1)} s`).join(", ")}`);
  });

  // Last: it stops the API replicas.
  it("backs up, wipes and restores the rehearsal's database and images, and finds everything as before", async () => {
    await restoreDrill(r, log);
  });
});
