/**
 * An interrupted deployment resumes without deploying twice: the deploy runs on the in-process
 * chain with its journal in a file and is stopped at three kinds of moments (after a confirmed
 * step, after recording a nonce but before sending, after sending but before the hash was
 * recorded), then run again to the end, and once more on a finished journal. Every transaction
 * the deployer sent is counted on the chain afterwards. The test USDT has 18 decimals, as BSC's.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseUnits, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Deployments } from "../../../domain/deployments";
import { isExplorerLongVersion } from "../../../scripts/lib/solc-version";
import type { JournalHooks } from "../../../scripts/protocol/deploy-journal";
import type { DeployPlan } from "../../../scripts/protocol/deploy-env";
import { defaultConfig } from "../../../scripts/protocol/deploy-protocol";
import { deployAndRecord } from "../../../scripts/protocol/deploy-run";
import { ensureCompiled, hre } from "../support/fixture";

class Interrupted extends Error {}

const plan: DeployPlan = {
  config: { ...defaultConfig, usdtDecimals: 18, usdtSupply: parseUnits("1000000000", 18) },
  demo: false,
};

/** Hooks that interrupt the run at the `n`th time `hook` is called. */
function interruptAt(hook: keyof JournalHooks, n: number): JournalHooks {
  let calls = 0;
  return {
    [hook]: () => {
      if (++calls === n) throw new Interrupted(`${hook} #${n}`);
    },
  };
}

let dir: string;
let out: string;
let journalFile: string;
beforeAll(async () => {
  await ensureCompiled();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "deploy-resume-"));
  out = path.join(dir, "deployments.json");
  journalFile = path.join(dir, "deploy-journal-31337.json");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function readJournal() {
  return JSON.parse(fs.readFileSync(journalFile, "utf8")) as { steps: Record<string, { hash?: Hex; nonce: number; done?: boolean }> };
}

/** The deployer's transactions in blocks `from`… (the in-process chain mines one per transaction). */
async function deployerTransactions(from: bigint) {
  const publicClient = await hre.viem.getPublicClient();
  const [deployer] = await hre.viem.getWalletClients();
  const txs: { hash: Hex; to: string | null; nonce: number }[] = [];
  for (let n = from, latest = await publicClient.getBlockNumber(); n <= latest; n++) {
    const block = await publicClient.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions)
      if (tx.from.toLowerCase() === deployer!.account.address.toLowerCase()) txs.push({ hash: tx.hash, to: tx.to, nonce: tx.nonce });
  }
  return txs;
}

describe("an interrupted deployment", () => {
  it("resumes where it stopped, sends no transaction twice and writes a complete deployments file", async () => {
    const publicClient = await hre.viem.getPublicClient();
    const firstBlock = (await publicClient.getBlockNumber()) + 1n;
    const run = (hooks?: JournalHooks) => deployAndRecord(hre, { plan, out, journalFile, hooks });

    const [deployer] = await hre.viem.getWalletClients();
    const nonce = () => publicClient.getTransactionCount({ address: deployer!.account.address });
    const unfinished = () => Object.values(readJournal().steps).filter((s) => !s.done);

    await expect(run(interruptAt("afterStep", 7))).rejects.toThrow(Interrupted);
    expect(fs.existsSync(out)).toBe(false);
    expect(Object.keys(readJournal().steps)).toHaveLength(7);
    // A crash after the nonce was written down and before the transaction left …
    await expect(run(interruptAt("beforeSend", 3))).rejects.toThrow(Interrupted);
    const [notSent] = unfinished();
    expect(notSent!.hash).toBeUndefined();
    expect(notSent!.nonce).toBe(await nonce());
    // … and one after it left, before its hash was written down (a lost answer of the node).
    await expect(run(interruptAt("afterSend", 4))).rejects.toThrow(Interrupted);
    const [lost] = unfinished();
    expect(lost!.hash).toBeUndefined();
    expect(await nonce()).toBe(lost!.nonce + 1);
    const { deployments } = await run();

    const steps = Object.values(readJournal().steps);
    expect(steps.every((s) => s.done)).toBe(true);
    const sent = await deployerTransactions(firstBlock);
    // One transaction per step, each the one its step recorded: nothing was sent twice.
    expect(sent).toHaveLength(steps.length);
    expect(new Set(sent.map((t) => t.hash))).toEqual(new Set(steps.map((s) => s.hash)));
    expect(new Set(sent.map((t) => t.nonce)).size).toBe(sent.length);

    // Every creation is one contract of the file, with its own transaction and block.
    const created = sent.filter((t) => t.to === null);
    const deployed = Object.entries(deployments.deployed ?? {});
    expect(deployed).toHaveLength(created.length);
    for (const [key, d] of deployed) {
      expect(deployments.contracts[key], key).toBeDefined();
      const receipt = await publicClient.getTransactionReceipt({ hash: d.txHash });
      expect(receipt.contractAddress?.toLowerCase(), key).toBe(deployments.contracts[key]);
      expect(Number(receipt.blockNumber), key).toBe(d.block);
    }
    expect(deployments.deployed?.front?.contract).toBe("contracts/bonds/Front.sol:Front");
    expect(deployments.deployed?.treasury2?.args).toEqual([deployments.daoRoot, "Protocol-owned liquidity"]);
    for (const key of ["usdt", "usdb", "pex", "spex", "win", "win1", "dao", "front", "ido", "game", "treasury1", "treasury2"])
      expect(deployments.deployed?.[key], key).toBeDefined();

    // Chain facts read from the chain, compiler settings an explorer accepts.
    expect(deployments.usdtDecimals).toBe(18);
    expect(deployments.dex).toEqual({ feeBps: 30 });
    expect(deployments.compiler).toMatchObject({ version: "0.8.28", optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun" });
    expect(isExplorerLongVersion(deployments.compiler!.longVersion)).toBe(true);
    expect(JSON.parse(fs.readFileSync(out, "utf8"))).toEqual(JSON.parse(JSON.stringify(deployments)) as Deployments);

    // Run again on the finished journal: the same deployment, and not one transaction more.
    const again = await run();
    expect(again.deployments.contracts).toEqual(deployments.contracts);
    expect(await deployerTransactions(firstBlock)).toHaveLength(sent.length);
  });

  it("refuses to resume a journal written with another configuration", async () => {
    const other: DeployPlan = { ...plan, config: { ...plan.config, lotteryFeeBps: 100n } };
    await expect(deployAndRecord(hre, { plan: other, out, journalFile })).rejects.toThrow(/another configHash/);
  });

  it("refuses to count a step done when its nonce went to another transaction", async () => {
    const other = path.join(dir, "deploy-journal-other.json");
    const run = (hooks?: JournalHooks) => deployAndRecord(hre, { plan, out: path.join(dir, "other.json"), journalFile: other, hooks });
    // A crash after the nonce was written down, then someone else sends with the deployer's key …
    await expect(run(interruptAt("afterSend", 5))).rejects.toThrow(Interrupted);
    await expect(run(interruptAt("beforeSend", 1))).rejects.toThrow(Interrupted);
    const [deployer] = await hre.viem.getWalletClients();
    const publicClient = await hre.viem.getPublicClient();
    await publicClient.waitForTransactionReceipt({ hash: await deployer!.sendTransaction({ to: deployer!.account.address, value: 1n }) });
    // … so the transaction at that nonce is not the step's: the deploy stops rather than skip it.
    await expect(run()).rejects.toThrow(/nonce \d+ went to a transaction that is not this step's/);
  });

  it("refuses a DEX whose router quotes another fee than the configured one", async () => {
    const pancake: DeployPlan = { ...plan, config: { ...plan.config, dexFeeBps: 25 } };
    await expect(deployAndRecord(hre, { plan: pancake, out: path.join(dir, "fee.json"), journalFile: null })).rejects.toThrow(
      /a 25 bps fee gives .*DEX_FEE_BPS/,
    );
  });
});
