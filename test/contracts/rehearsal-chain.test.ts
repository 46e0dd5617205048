import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPublicClient, http, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Wallet } from "ethers";
import { stopChild, type Child } from "../../scripts/lib/processes";
import { startRehearsalChain } from "../../scripts/rehearsal/chain";
import { createRehearsalKeys, REHEARSAL_ROLES, type RehearsalKey, type RehearsalRole } from "../../scripts/rehearsal/keys";

/**
 * The rehearsal's chain (issue 29, item 4): a node answering as BSC testnet (97) that mines a
 * block every second, with every operator key a keystore funded in its genesis. The keys'
 * private halves exist in no file once the node runs: not its log, not the genesis file.
 */
let dir: string;
let chain: { rpcUrl: string; child: Child };
let keys: Record<RehearsalRole, RehearsalKey>;
let privateKeys: string[];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-rehearsal-chain-"));
  const created = await createRehearsalKeys(path.join(dir, "keys"));
  keys = created.keys;
  privateKeys = created.genesis.map((g) => g.privateKey.slice(2).toLowerCase());
  chain = await startRehearsalChain({ dir, port: 26645, chainId: 97, genesis: created.genesis, balanceWei: parseEther("1000") });
}, 120_000);

afterAll(async () => {
  if (chain) await stopChild(chain.child);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the rehearsal chain", () => {
  it("answers as chain 97 and mines a block every second without transactions", async () => {
    // viem keeps a block number for its polling interval unless told not to.
    const client = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 });
    expect(await client.getChainId()).toBe(97);
    const first = await client.getBlockNumber();
    await new Promise((r) => setTimeout(r, 3_200));
    const later = await client.getBlockNumber();
    expect(later - first).toBeGreaterThanOrEqual(2n);
    expect(later - first).toBeLessThanOrEqual(5n);
  });

  it("funds each role's keystore account in its genesis, and the keystore opens with its password file only", async () => {
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    for (const role of REHEARSAL_ROLES) {
      const key = keys[role];
      expect(await client.getBalance({ address: key.address, blockNumber: 0n }), role).toBe(parseEther("1000"));
      const password = fs.readFileSync(key.passwordFile, "utf8").split("\n")[0]!;
      const json = fs.readFileSync(key.keystoreFile, "utf8");
      expect((await Wallet.fromEncryptedJson(json, password)).address).toBe(key.address);
      await expect(Wallet.fromEncryptedJson(json, `${password}x`)).rejects.toThrow(/password/i);
      expect(fs.statSync(key.keystoreFile).mode & 0o077, `${role} keystore readable by others`).toBe(0);
      expect(fs.statSync(key.passwordFile).mode & 0o077, `${role} password readable by others`).toBe(0);
    }
  });

  it("leaves no private key in any file: the node's log and the rehearsal folder hold none", async () => {
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(d, e.name));
        else files.push(path.join(d, e.name));
      }
    };
    walk(dir);
    expect(files.some((f) => f.endsWith("chain.log"))).toBe(true);
    expect(files.some((f) => f.endsWith("genesis.json"))).toBe(false);
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8").toLowerCase();
      for (const key of privateKeys) expect(text.includes(key), file).toBe(false);
    }
  });
});
