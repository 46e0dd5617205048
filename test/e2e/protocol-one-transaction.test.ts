import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, phoneContext } from "./support/browser";
import { connectWallet, protocolChain, protocolPage } from "./support/protocol-chain";
import { pexAbi, usdbAbi, winAbi } from "../../generated/abis";
import { hardhatAccount } from "./support/shop-fixtures";

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
