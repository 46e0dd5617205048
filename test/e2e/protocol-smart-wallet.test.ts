import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { gameAbi, pexAbi, spexAbi, testUsdtAbi, usdbAbi, winAbi } from "../../generated/abis";
import { registerOverHttp } from "./support/account-fixtures";
import { launchBrowser, phoneContext } from "./support/browser";
import { injectWallet } from "./support/injected-wallet";
import { connectWallet, protocolChain } from "./support/protocol-chain";
import { hardhatAccount, storeSession } from "./support/shop-fixtures";
import { deploySmartWallet, fromSmartWallet, smartWalletSession } from "./support/smart-wallet";
import { countPrompts, phaseOf } from "./support/wallet-prompts";

/**
 * Issue 28, items 1 and 2, with a smart-contract wallet (contracts/test/SmartWalletMock.sol, the
 * user's funds in it, its owner the Hardhat account #20 that nothing else sends from):
 * - with EIP-5792 it runs a batch as one transaction, all or none (EIP-5792 v2 `atomic`), so
 *   each action is one prompt and one transaction, approve-and-act included;
 * - without it, it cannot sign a permit the token accepts (ERC-1271 only): the pages show the
 *   approval as a step of its own, then the action, and no approval step at all where the
 *   allowance already covers the amount.
 */
const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");
const dataDir = inject("dataDir");
/** Account #20: the first past Hardhat's default twenty, so no job and no other test sends from it (#19 is the price keeper's). */
const OWNER = 20;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let chain: ReturnType<typeof protocolChain>;
let owner: Address;

/** A funded smart wallet, signed in (and registered, for the shop's recharge page) in a fresh page. */
async function smartWalletPage(o: { eip5792: boolean; email: string }): Promise<Address> {
  const wallet = await deploySmartWallet(chain, OWNER);
  await chain.fund(wallet, { pex: chain.parseEther("1000"), usdb: chain.parseEther("1000") });
  await chain.write(0, chain.c.usdt!, testUsdtAbi, "transfer", [wallet, 20_000_000n]);
  // WIN with a supply, so that its vault can be funded.
  await chain.write(0, chain.c.usdb!, usdbAbi, "approve", [chain.c.win!, chain.parseEther("10")]);
  await chain.write(0, chain.c.win!, winAbi, "reward", [wallet, chain.parseEther("10")]);
  const session = await smartWalletSession(apiUrl, webUrl, wallet, OWNER);
  await registerOverHttp(apiUrl, dataDir, session.token, o.email, "123456");
  await context?.close();
  context = await phoneContext(browser);
  await storeSession(context, await smartWalletSession(apiUrl, webUrl, wallet, OWNER));
  await injectWallet(context, { address: wallet, rpcUrl, eip5792: o.eip5792, smartAccount: { owner } });
  page = await context.newPage();
  return wallet;
}

const count = (act: () => Promise<void>, settled: () => Promise<unknown>) => countPrompts(page, chain, owner, act, settled);
const ONE = { prompts: ["wallet_sendCalls"], transactions: 1 };

beforeAll(async () => {
  browser = await launchBrowser();
  chain = protocolChain(rpcUrl, dataDir);
  owner = hardhatAccount(OWNER).address;
});
afterAll(async () => browser?.close());

describe("a smart-account wallet with EIP-5792: one prompt and one transaction per action", () => {
  let wallet: Address;
  beforeAll(async () => {
    wallet = await smartWalletPage({ eip5792: true, email: "smart5792@example.com" });
  });

  it("stakes, accelerates and funds the WIN vault: each approval and action in one atomic batch", async () => {
    await page.goto(`${webUrl}#/pages/protocol/stake`);
    await connectWallet(page);
    await page.getByTestId("stake-amount").fill("30");
    await expect.poll(() => page.getByTestId("stake-permit-hint").getAttribute("data-permit"), { timeout: 20_000 }).toBe("batch");
    expect(
      await count(
        () => page.getByTestId("stake-submit").click(),
        () => phaseOf(page, "stake-status"),
      ),
    ).toEqual(ONE);
    expect(await chain.read<bigint>(chain.c.pex!, pexAbi, "allowance", [wallet, chain.c.spex!])).toBe(0n);
    expect(await chain.read<bigint>(chain.c.spex!, spexAbi, "stakeCount")).toBeGreaterThan(0n);

    await page.goto(`${webUrl}#/pages/protocol/claim-profit`);
    const item = page.getByTestId("profit-item").first();
    await item.waitFor({ timeout: 20_000 });
    await item.locator("summary").click();
    await item.getByTestId("accelerate-days").fill("1");
    await expect
      .poll(() => item.getByTestId("accelerate-permit-hint").getAttribute("data-permit"), { timeout: 20_000 })
      .toBe("batch");
    expect(
      await count(
        () => item.getByTestId("accelerate-submit").click(),
        () => phaseOf(item, "profit-status"),
      ),
    ).toEqual(ONE);

    await page.goto(`${webUrl}#/pages/protocol/win-reward`);
    await page.getByTestId("win-fund-amount").fill("4");
    await expect
      .poll(() => page.getByTestId("win-fund-permit-hint").getAttribute("data-permit"), { timeout: 20_000 })
      .toBe("batch");
    expect(
      await count(
        () => page.getByTestId("win-fund").click(),
        () => phaseOf(page, "win-fund-status"),
      ),
    ).toEqual(ONE);
  });

  it("keeps following a batch across a page reload, then shows it confirmed", async () => {
    await page.goto(`${webUrl}#/pages/protocol/stake`);
    const positions = page.getByTestId("stake-item");
    await expect.poll(() => positions.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const before = await positions.count();
    await page.getByTestId("stake-amount").fill("20");
    await chain.rpc("evm_setAutomine", [false]);
    try {
      await page.getByTestId("stake-submit").click();
      await phaseOf(page, "stake-status", "confirming");
      await page.reload();
      await phaseOf(page, "stake-status", "confirming");
      await chain.rpc("evm_mine");
    } finally {
      await chain.rpc("evm_setAutomine", [true]);
    }
    await phaseOf(page, "stake-status");
    await expect.poll(() => positions.count(), { timeout: 30_000 }).toBe(before + 1);
  });

  it("recharges USDT, deposits into the game and swaps, each approval and action in one atomic batch", async () => {
    await page.goto(`${webUrl}#/pages/assets/recharge?payId=BSC&lang=en`);
    const connect = page.getByTestId("recharge-connect");
    await connect.or(page.getByTestId("wallet-usdt-balance")).waitFor({ timeout: 20_000 });
    if (await connect.isVisible()) await connect.click();
    await expect.poll(() => page.getByTestId("wallet-usdt-balance").textContent(), { timeout: 20_000 }).toMatch(/USDT/);
    await page.getByTestId("usdt-amount").fill("5");
    await expect.poll(() => page.getByTestId("confirm-recharge").getAttribute("data-batch"), { timeout: 20_000 }).toBe("true");
    expect(await page.getByTestId("approve-usdt").count()).toBe(0);
    expect(
      await count(
        () => page.getByTestId("confirm-recharge").click(),
        () => phaseOf(page, "tx-status"),
      ),
    ).toEqual(ONE);
    await expect
      .poll(() => page.getByTestId("recharge-record").first().getAttribute("data-status"), { timeout: 20_000 })
      .toMatch(/Pending|Success/);

    await page.goto(`${webUrl}#/pages/protocol/lottery`);
    await page.getByTestId("lottery-tab-recharge").click();
    await page.getByTestId("lottery-recharge-amount").fill("3");
    await expect
      .poll(() => page.getByTestId("lottery-recharge-submit").getAttribute("data-batch"), { timeout: 20_000 })
      .toBe("true");
    expect(await page.getByTestId("lottery-approve").count()).toBe(0);
    const deposit = () => page.getByTestId("lottery-recharge-submit").click();
    expect(await count(deposit, () => phaseOf(page, "lottery-recharge-status"))).toEqual(ONE);
    expect(await chain.read<bigint>(chain.c.usdt!, testUsdtAbi, "allowance", [wallet, chain.c.game!])).toBe(0n);

    await page.goto(`${webUrl}#/pages/protocol/exchange`);
    await page.getByTestId("sell-usdb").click();
    await expect.poll(() => page.getByTestId("buy-pex").getAttribute("aria-pressed")).toBe("true");
    const pexBefore = await chain.read<bigint>(chain.c.pex!, pexAbi, "balanceOf", [wallet]);
    await page.getByTestId("swap-amount").fill("5");
    await expect.poll(() => page.getByTestId("fig-swap-out").textContent(), { timeout: 20_000 }).toMatch(/PEX/);
    await expect.poll(() => page.getByTestId("swap-submit").getAttribute("data-batch"), { timeout: 20_000 }).toBe("true");
    expect(
      await count(
        () => page.getByTestId("swap-submit").click(),
        () => phaseOf(page, "swap-status"),
      ),
    ).toEqual(ONE);
    expect(await chain.read<bigint>(chain.c.pex!, pexAbi, "balanceOf", [wallet])).toBeGreaterThan(pexBefore);
  });
});

describe("a smart-contract wallet without EIP-5792: approve, then act", () => {
  let wallet: Address;
  beforeAll(async () => {
    wallet = await smartWalletPage({ eip5792: false, email: "smart1271@example.com" });
  });

  it("stakes PEX without a permit (its signature is ERC-1271, which the token refuses): approval, then stake", async () => {
    await page.goto(`${webUrl}#/pages/protocol/stake`);
    await connectWallet(page);
    await page.getByTestId("stake-amount").fill("25");
    await expect
      .poll(() => page.getByTestId("stake-permit-hint").getAttribute("data-permit"), { timeout: 20_000 })
      .toBe("approve");
    expect(await page.getByTestId("stake-submit").isDisabled()).toBe(true);
    const approve = await count(
      () => page.getByTestId("stake-approve").click(),
      () => expect.poll(() => page.getByTestId("stake-approve").getAttribute("data-approved"), { timeout: 30_000 }).toBe("true"),
    );
    const stake = await count(
      () => page.getByTestId("stake-submit").click(),
      () => phaseOf(page, "stake-status"),
    );
    // Two prompts and two transactions, no signature asked for.
    expect([approve, stake]).toEqual([
      { prompts: ["eth_sendTransaction"], transactions: 1 },
      { prompts: ["eth_sendTransaction"], transactions: 1 },
    ]);
    expect(await chain.read<bigint>(chain.c.pex!, pexAbi, "allowance", [wallet, chain.c.spex!])).toBe(0n);
  });

  it("shows no approval step where the allowance already covers the amount, and one where it does not", async () => {
    await fromSmartWallet(chain, OWNER, wallet, [
      { to: chain.c.usdt!, abi: testUsdtAbi, functionName: "approve", args: [chain.c.game!, 5_000_000n] },
    ]);
    await page.goto(`${webUrl}#/pages/protocol/lottery`);
    await page.getByTestId("lottery-tab-recharge").click();
    await page.getByTestId("lottery-recharge-amount").fill("9");
    await page.getByTestId("lottery-approve").waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("lottery-recharge-submit").isDisabled()).toBe(true);
    await page.getByTestId("lottery-recharge-amount").fill("4");
    await page.getByTestId("lottery-approve").waitFor({ state: "detached", timeout: 20_000 });
    expect(await page.getByTestId("lottery-recharge-submit").getAttribute("data-batch")).toBe("false");
    const deposit = () => page.getByTestId("lottery-recharge-submit").click();
    const plain = await count(deposit, () => phaseOf(page, "lottery-recharge-status"));
    expect(plain).toEqual({ prompts: ["eth_sendTransaction"], transactions: 1 });
    expect(await chain.read<bigint>(chain.c.game!, gameAbi, "balanceOf", [wallet, chain.c.usdt!])).toBe(4_000_000n);
  });
});
