import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, phoneContext } from "./support/browser";
import { connectWallet, protocolChain, protocolPage } from "./support/protocol-chain";
import { pexAbi, testUsdtAbi, usdbAbi, winAbi } from "../../generated/abis";
import { registerOverHttp } from "./support/account-fixtures";
import { injectWallet } from "./support/injected-wallet";
import { hardhatAccount, httpSession, storeSession } from "./support/shop-fixtures";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");
const dataDir = inject("dataDir");
/** Account #9: used by no other browser test. */
const USER = 9;
const user = hardhatAccount(USER).address;
/** The wallet calls that put a prompt in front of the user. */
const PROMPTS = new Set(["eth_sendTransaction", "eth_signTypedData_v4", "personal_sign", "wallet_sendCalls"]);

let browser: Browser;
let context: BrowserContext;
let page: Page;
let chain: ReturnType<typeof protocolChain>;

beforeAll(async () => {
  browser = await launchBrowser();
  chain = protocolChain(rpcUrl, dataDir);
  await chain.fund(user, { pex: chain.parseEther("1000"), usdb: chain.parseEther("1000") });
  await chain.write(0, chain.c.usdt!, testUsdtAbi, "transfer", [user, 20_000_000n]);
  // WIN with a supply, so that its vault can be funded.
  await chain.write(0, chain.c.usdb!, usdbAbi, "approve", [chain.c.win!, chain.parseEther("10")]);
  await chain.write(0, chain.c.win!, winAbi, "reward", [user, chain.parseEther("10")]);
  context = await phoneContext(browser);
  page = await protocolPage(context, { apiUrl, webUrl, rpcUrl, index: USER });
});
afterAll(async () => browser?.close());

const walletCalls = () => page.evaluate(() => (window as unknown as { __walletCalls: string[] }).__walletCalls.slice());
const sent = () => chain.publicClient.getTransactionCount({ address: user });

/**
 * Runs `act` and returns the wallet prompts it caused and the transactions the user's account
 * sent (its nonce's move), once `settled` says the page is done.
 */
async function count(act: () => Promise<void>, settled: () => Promise<unknown>) {
  const callsBefore = (await walletCalls()).length;
  const nonceBefore = await sent();
  await act();
  await settled();
  const prompts = (await walletCalls()).slice(callsBefore).filter((m) => PROMPTS.has(m));
  return { prompts, transactions: (await sent()) - nonceBefore };
}

const phase = (testId: string, scope: Page | ReturnType<Page["getByTestId"]> = page) =>
  expect.poll(() => scope.getByTestId(testId).getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");

describe("one transaction per action, with a wallet without EIP-5792 (permits for PEX and USDB)", () => {
  it("stakes with a permit: two prompts (signature, transaction), one transaction", async () => {
    await page.goto(`${webUrl}#/pages/protocol/stake`);
    await connectWallet(page);
    await page.getByTestId("stake-amount").fill("100");
    await expect.poll(() => page.getByTestId("stake-permit-hint").getAttribute("data-permit"), { timeout: 20_000 }).toBe("true");
    const stake = await count(
      () => page.getByTestId("stake-submit").click(),
      () => phase("stake-status"),
    );
    expect(stake).toEqual({ prompts: ["eth_signTypedData_v4", "eth_sendTransaction"], transactions: 1 });
    expect(await chain.read<bigint>(chain.c.pex!, pexAbi, "nonces", [user])).toBe(1n);
    // The permit was for exactly the amount: nothing is left approved.
    expect(await chain.read<bigint>(chain.c.pex!, pexAbi, "allowance", [user, chain.c.spex!])).toBe(0n);
  });

  it("stakes without a signature when the allowance already covers the amount: one prompt", async () => {
    await chain.write(USER, chain.c.pex!, pexAbi, "approve", [chain.c.spex!, chain.parseEther("50")]);
    await page.reload();
    await page.getByTestId("stake-amount").fill("50");
    await expect.poll(() => page.getByTestId("stake-permit-hint").getAttribute("data-permit"), { timeout: 20_000 }).toBe("false");
    const stake = await count(
      () => page.getByTestId("stake-submit").click(),
      () => phase("stake-status"),
    );
    expect(stake).toEqual({ prompts: ["eth_sendTransaction"], transactions: 1 });
  });

  it("accelerates with a USDB permit for the fee's ceiling: two prompts, one transaction", async () => {
    await page.goto(`${webUrl}#/pages/protocol/claim-profit`);
    const item = page.getByTestId("profit-item").first();
    await item.waitFor({ timeout: 20_000 });
    await item.locator("summary").click();
    await item.getByTestId("accelerate-days").fill("1");
    await expect.poll(() => item.getByTestId("accelerate-quote").textContent(), { timeout: 20_000 }).toMatch(/USDB/);
    await expect
      .poll(() => item.getByTestId("accelerate-permit-hint").getAttribute("data-permit"), { timeout: 20_000 })
      .toBe("true");
    const accelerate = await count(
      () => item.getByTestId("accelerate-submit").click(),
      () => phase("profit-status", item),
    );
    expect(accelerate).toEqual({ prompts: ["eth_signTypedData_v4", "eth_sendTransaction"], transactions: 1 });
    expect(await chain.read<bigint>(chain.c.usdb!, usdbAbi, "nonces", [user])).toBe(1n);
  });

  it("funds the WIN vault with a USDB permit: two prompts, one transaction", async () => {
    await page.goto(`${webUrl}#/pages/protocol/win-reward`);
    const vaultBefore = await chain.read<bigint>(chain.c.win!, winAbi, "vault");
    await page.getByTestId("win-fund-amount").fill("10");
    await expect
      .poll(() => page.getByTestId("win-fund-permit-hint").getAttribute("data-permit"), { timeout: 20_000 })
      .toBe("true");
    const fund = await count(
      () => page.getByTestId("win-fund").click(),
      () => phase("win-fund-status"),
    );
    expect(fund).toEqual({ prompts: ["eth_signTypedData_v4", "eth_sendTransaction"], transactions: 1 });
    expect(await chain.read<bigint>(chain.c.win!, winAbi, "vault")).toBe(vaultBefore + chain.parseEther("10"));
  });

  it("a refused signature sends nothing and says so", async () => {
    await page.goto(`${webUrl}#/pages/protocol/stake`);
    await page.evaluate(() => {
      const eth = (window as unknown as { ethereum: { request: (a: { method: string }) => Promise<unknown> } }).ethereum;
      const request = eth.request.bind(eth);
      // The user says no to the permit, as in a wallet's signature prompt.
      eth.request = async (args) => {
        if (args.method === "eth_signTypedData_v4") throw Object.assign(new Error("User rejected the request."), { code: 4001 });
        return request(args);
      };
    });
    await page.getByTestId("stake-amount").fill("10");
    const refused = await count(
      () => page.getByTestId("stake-submit").click(),
      () => expect.poll(() => page.getByTestId("stake-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("rejected"),
    );
    expect(refused.transactions).toBe(0);
  });
});

describe("one prompt per action, with a wallet that takes EIP-5792 batches", () => {
  beforeAll(async () => {
    await context.close();
    context = await phoneContext(browser);
    // The recharge page is the shop's: the wallet's account registers first (then signs in again).
    await registerOverHttp(apiUrl, dataDir, (await httpSession(apiUrl, webUrl, USER)).token, "batch9@example.com", "123456");
    await storeSession(context, await httpSession(apiUrl, webUrl, USER));
    await injectWallet(context, { address: user, rpcUrl, eip5792: true });
    page = await context.newPage();
  });

  it("stakes with the approval and the stake in one batch: one prompt", async () => {
    await page.goto(`${webUrl}#/pages/protocol/stake`);
    await connectWallet(page);
    await page.getByTestId("stake-amount").fill("30");
    await expect.poll(() => page.getByTestId("stake-permit-hint").getAttribute("data-permit"), { timeout: 20_000 }).toBe("batch");
    const stake = await count(
      () => page.getByTestId("stake-submit").click(),
      () => phase("stake-status"),
    );
    // One prompt. The test wallet is an account, not a smart wallet: it runs the two calls as two
    // transactions (a smart account runs them as one).
    expect(stake).toEqual({ prompts: ["wallet_sendCalls"], transactions: 2 });
    expect(await chain.read<bigint>(chain.c.pex!, pexAbi, "allowance", [user, chain.c.spex!])).toBe(0n);
  });

  it("accelerates and funds the WIN vault with the approval in one batch: one prompt each", async () => {
    await page.goto(`${webUrl}#/pages/protocol/claim-profit`);
    const item = page.getByTestId("profit-item").first();
    await item.waitFor({ timeout: 20_000 });
    await item.locator("summary").click();
    await item.getByTestId("accelerate-days").fill("1");
    await expect
      .poll(() => item.getByTestId("accelerate-permit-hint").getAttribute("data-permit"), { timeout: 20_000 })
      .toBe("batch");
    const accelerate = await count(
      () => item.getByTestId("accelerate-submit").click(),
      () => phase("profit-status", item),
    );
    expect(accelerate).toEqual({ prompts: ["wallet_sendCalls"], transactions: 2 });

    await page.goto(`${webUrl}#/pages/protocol/win-reward`);
    await page.getByTestId("win-fund-amount").fill("4");
    await expect
      .poll(() => page.getByTestId("win-fund-permit-hint").getAttribute("data-permit"), { timeout: 20_000 })
      .toBe("batch");
    const fund = await count(
      () => page.getByTestId("win-fund").click(),
      () => phase("win-fund-status"),
    );
    expect(fund).toEqual({ prompts: ["wallet_sendCalls"], transactions: 2 });
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
      await expect
        .poll(() => page.getByTestId("stake-status").getAttribute("data-phase"), { timeout: 30_000 })
        .toBe("confirming");
      await page.reload();
      await expect
        .poll(() => page.getByTestId("stake-status").getAttribute("data-phase"), { timeout: 30_000 })
        .toBe("confirming");
      await chain.rpc("evm_mine");
    } finally {
      await chain.rpc("evm_setAutomine", [true]);
    }
    await phase("stake-status");
    await expect.poll(() => positions.count(), { timeout: 30_000 }).toBe(before + 1);
  });

  it("recharges USDT with the approval and the recharge in one batch: one prompt", async () => {
    await page.goto(`${webUrl}#/pages/assets/recharge?payId=BSC&lang=en`);
    // Connected on the protocol pages already, the wallet may need no tap here.
    const connect = page.getByTestId("recharge-connect");
    await connect.or(page.getByTestId("wallet-usdt-balance")).waitFor({ timeout: 20_000 });
    if (await connect.isVisible()) await connect.click();
    await expect.poll(() => page.getByTestId("wallet-usdt-balance").textContent(), { timeout: 20_000 }).toMatch(/USDT/);
    await page.getByTestId("usdt-amount").fill("5");
    await expect.poll(() => page.getByTestId("confirm-recharge").getAttribute("data-batch"), { timeout: 20_000 }).toBe("true");
    expect(await page.getByTestId("approve-usdt").count()).toBe(0);
    const recharge = await count(
      () => page.getByTestId("confirm-recharge").click(),
      () => phase("tx-status"),
    );
    expect(recharge).toEqual({ prompts: ["wallet_sendCalls"], transactions: 2 });
    await expect
      .poll(() => page.getByTestId("recharge-record").first().getAttribute("data-status"), { timeout: 20_000 })
      .toMatch(/Pending|Success/);
  });

  it("deposits USDT into the game with the approval in one batch: one prompt", async () => {
    await page.goto(`${webUrl}#/pages/protocol/lottery`);
    await page.getByTestId("lottery-tab-recharge").click();
    await page.getByTestId("lottery-recharge-amount").fill("3");
    await expect
      .poll(() => page.getByTestId("lottery-recharge-submit").getAttribute("data-batch"), { timeout: 20_000 })
      .toBe("true");
    expect(await page.getByTestId("lottery-approve").count()).toBe(0);
    const deposit = await count(
      () => page.getByTestId("lottery-recharge-submit").click(),
      () => phase("lottery-recharge-status"),
    );
    expect(deposit).toEqual({ prompts: ["wallet_sendCalls"], transactions: 2 });
  });

  it("swaps USDB for PEX with the router's allowance in one batch: one prompt", async () => {
    await page.goto(`${webUrl}#/pages/protocol/exchange`);
    await page.getByTestId("sell-usdb").click();
    await expect.poll(() => page.getByTestId("buy-pex").getAttribute("aria-pressed")).toBe("true");
    const pexBefore = await chain.read<bigint>(chain.c.pex!, pexAbi, "balanceOf", [user]);
    await page.getByTestId("swap-amount").fill("5");
    await expect.poll(() => page.getByTestId("fig-swap-out").textContent(), { timeout: 20_000 }).toMatch(/PEX/);
    await expect.poll(() => page.getByTestId("swap-submit").getAttribute("data-batch"), { timeout: 20_000 }).toBe("true");
    const swap = await count(
      () => page.getByTestId("swap-submit").click(),
      () => phase("swap-status"),
    );
    expect(swap).toEqual({ prompts: ["wallet_sendCalls"], transactions: 2 });
    expect(await chain.read<bigint>(chain.c.pex!, pexAbi, "balanceOf", [user])).toBeGreaterThan(pexBefore);
  });
});
