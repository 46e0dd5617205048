import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, phoneContext } from "./support/browser";
import { connectWallet, protocolChain, protocolPage } from "./support/protocol-chain";
import { pexAbi, usdbAbi, winAbi } from "../../generated/abis";
import { injectWallet } from "./support/injected-wallet";
import { hardhatAccount, httpSession, storeSession } from "./support/shop-fixtures";
import { countPrompts, phaseOf } from "./support/wallet-prompts";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");
const dataDir = inject("dataDir");
/** Account #9: used by no other browser test. */
const USER = 9;
const user = hardhatAccount(USER).address;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let chain: ReturnType<typeof protocolChain>;

beforeAll(async () => {
  browser = await launchBrowser();
  chain = protocolChain(rpcUrl, dataDir);
  await chain.fund(user, { pex: chain.parseEther("1000"), usdb: chain.parseEther("1000") });
  // WIN with a supply, so that its vault can be funded.
  await chain.write(0, chain.c.usdb!, usdbAbi, "approve", [chain.c.win!, chain.parseEther("10")]);
  await chain.write(0, chain.c.win!, winAbi, "reward", [user, chain.parseEther("10")]);
  context = await phoneContext(browser);
  page = await protocolPage(context, { apiUrl, webUrl, rpcUrl, index: USER });
});
afterAll(async () => browser?.close());

const count = (act: () => Promise<void>, settled: () => Promise<unknown>) => countPrompts(page, chain, user, act, settled);
const phase = (testId: string, scope: Pick<Page, "getByTestId"> = page) => phaseOf(scope, testId);

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

  it("a wallet that cannot sign typed data sends nothing for the permit, then approves and stakes", async () => {
    // A fresh load: the previous test's refusing wallet is gone, and so is anything the page learnt.
    await page.reload();
    await page.evaluate(() => {
      const w = window as unknown as {
        ethereum: { request: (a: { method: string }) => Promise<unknown> };
        __walletCalls: string[];
      };
      const request = w.ethereum.request.bind(w.ethereum);
      // As an older wallet answers: the method is unknown to it (EIP-1193 4200), not refused by the user.
      w.ethereum.request = async (args) => {
        if (args.method !== "eth_signTypedData_v4") return request(args);
        w.__walletCalls.push(args.method);
        throw Object.assign(new Error("The method eth_signTypedData_v4 is not supported"), { code: 4200 });
      };
    });
    await page.getByTestId("stake-amount").fill("10");
    await expect.poll(() => page.getByTestId("stake-permit-hint").getAttribute("data-permit"), { timeout: 20_000 }).toBe("true");
    const tried = await count(
      () => page.getByTestId("stake-submit").click(),
      () => expect.poll(() => page.getByTestId("stake-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("failed"),
    );
    expect(tried).toEqual({ prompts: ["eth_signTypedData_v4"], transactions: 0 });
    // From then on the page approves first, then stakes.
    await expect
      .poll(() => page.getByTestId("stake-permit-hint").getAttribute("data-permit"), { timeout: 20_000 })
      .toBe("approve");
    const approve = await count(
      () => page.getByTestId("stake-approve").click(),
      () => expect.poll(() => page.getByTestId("stake-approve").getAttribute("data-approved"), { timeout: 30_000 }).toBe("true"),
    );
    const stake = await count(
      () => page.getByTestId("stake-submit").click(),
      () => phase("stake-status"),
    );
    expect([approve, stake]).toEqual([
      { prompts: ["eth_sendTransaction"], transactions: 1 },
      { prompts: ["eth_sendTransaction"], transactions: 1 },
    ]);
  });
});

describe("one prompt per action, with an account wallet that takes EIP-5792 batches", () => {
  beforeAll(async () => {
    await context.close();
    context = await phoneContext(browser);
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
    // One prompt. This wallet is an account, not a smart wallet: it runs the two calls as two
    // transactions (reported as not atomic). A smart account runs them as one, every action's
    // batch included: protocol-smart-wallet.test.ts.
    expect(stake).toEqual({ prompts: ["wallet_sendCalls"], transactions: 2 });
    expect(await chain.read<bigint>(chain.c.pex!, pexAbi, "allowance", [user, chain.c.spex!])).toBe(0n);
  });
});
