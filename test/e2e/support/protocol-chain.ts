import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "playwright-core";
import { type Abi, type Address, createPublicClient, createWalletClient, defineChain, http, parseEther } from "viem";
import { expect } from "vitest";
import { ethUsdPriceFeedAbi, frontAbi, pexAbi, usdbAbi } from "../../../generated/abis";
import { hardhatAccount, httpSession, storeSession } from "./shop-fixtures";
import { injectWallet } from "./injected-wallet";

/**
 * Chain helpers for the protocol pages' browser tests: the deployed addresses, an owner (#0)
 * client to fund test accounts, and chain time moves (evm_increaseTime + evm_mine).
 */
export function protocolChain(rpcUrl: string, dataDir: string) {
  const deployments = JSON.parse(fs.readFileSync(path.join(dataDir, "deployments.json"), "utf8")) as {
    contracts: Record<string, Address>;
  };
  const chain = defineChain({
    id: 31337,
    name: "hardhat",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl), cacheTime: 0 });
  const wallet = (index: number) => createWalletClient({ account: hardhatAccount(index), chain, transport: http(rpcUrl) });
  const owner = wallet(0);
  const rpc = async (method: string, params: unknown[] = []) => {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    return ((await res.json()) as { result: unknown }).result;
  };
  const write = async (index: number, address: Address, abi: Abi, functionName: string, args: unknown[] = [], value?: bigint) => {
    const hash = await wallet(index).writeContract({ address, abi, functionName, args, value } as never);
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} reverted`);
  };
  return {
    c: deployments.contracts,
    publicClient,
    /** A raw JSON-RPC call to the node (evm_setAutomine, evm_mine, …). */
    rpc,
    write,
    read: <T>(address: Address, abi: Abi, functionName: string, args: unknown[] = []) =>
      publicClient.readContract({ address, abi, functionName, args } as never) as Promise<T>,
    /**
     * Moves the chain's clock, mines a block, and waits for the server's price keeper to push a
     * fresh ETH/USD answer (the local feed goes stale after an hour, and every price read after
     * the jump needs it) and for the PEX-ETH average to apply again (bonds and accelerations
     * refuse a stale one). Freshness is asked of the contract itself (`getPexUSDBAveragePrice`
     * reverts as a use would), never inferred from when the next observation is due: the keeper
     * observes in the same pass that pushes the feed, so by the time a test looks it may already
     * have recorded an average that spans the jump (stale) and closed the window. One window
     * after that observation (moved on here rather than waited for) the average is fresh.
     */
    async increaseTime(seconds: number) {
      await rpc("evm_increaseTime", [seconds]);
      await rpc("evm_mine");
      const { timestamp } = await publicClient.getBlock();
      const front = deployments.contracts.front!;
      const updatedAt = async () =>
        (
          (await publicClient.readContract({
            address: deployments.contracts.priceFeed!,
            abi: ethUsdPriceFeedAbi,
            functionName: "latestRoundData",
          })) as readonly bigint[]
        )[3]!;
      const observedAt = async () =>
        (await publicClient.readContract({ address: front, abi: frontAbi, functionName: "twapObservation" }))[2];
      const averageApplies = () =>
        publicClient.readContract({ address: front, abi: frontAbi, functionName: "getPexUSDBAveragePrice" }).then(
          () => true,
          () => false,
        );
      await expect.poll(updatedAt, { timeout: 60_000 }).toBeGreaterThanOrEqual(timestamp);
      if (await averageApplies()) return;
      await expect.poll(observedAt, { timeout: 60_000 }).toBeGreaterThanOrEqual(timestamp);
      const [window] = await publicClient.readContract({ address: front, abi: frontAbi, functionName: "twapTerms" });
      await rpc("evm_increaseTime", [Number(window)]);
      await rpc("evm_mine");
      await expect.poll(averageApplies, { timeout: 60_000 }).toBe(true);
    },
    /** PEX and USDB from the owner (#0) to a test account. */
    async fund(to: Address, { pex = 0n, usdb = 0n }: { pex?: bigint; usdb?: bigint }) {
      if (pex > 0n) await write(0, deployments.contracts.pex!, pexAbi, "transfer", [to, pex]);
      if (usdb > 0n) await write(0, deployments.contracts.usdb!, usdbAbi, "transfer", [to, usdb]);
    },
    async ethBalance(address: Address) {
      return publicClient.getBalance({ address });
    },
    owner,
    parseEther,
  };
}

/** A phone page signed in (over HTTP) as Hardhat account `index`, with the injected wallet of that account. */
export async function protocolPage(
  context: BrowserContext,
  opts: { apiUrl: string; webUrl: string; rpcUrl: string; index: number },
): Promise<Page> {
  const session = await httpSession(opts.apiUrl, opts.webUrl, opts.index);
  await storeSession(context, session);
  await injectWallet(context, { address: session.address, rpcUrl: opts.rpcUrl });
  return context.newPage();
}

/** Connects the injected wallet through the page's connect button (the page's only wallet: one tap, no list). */
export async function connectWallet(page: Page) {
  const connect = page.getByTestId("protocol-connect");
  await connect.waitFor();
  await connect.click();
  await page.getByTestId("chain-guard").waitFor({ state: "detached" });
}

/** axe-core on a protocol page: no serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, name: string, exclude: string[] = []) {
  let builder = new AxeBuilder({ page });
  for (const s of exclude) builder = builder.exclude(s);
  const result = await builder.analyze();
  const bad = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(bad, name).toEqual([]);
}
