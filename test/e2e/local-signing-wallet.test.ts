import type { Browser, BrowserContext, Page } from "playwright-core";
import { type Hex, getAddress, toHex, verifyMessage } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pexAbi } from "../../generated/abis";
import { launchBrowser, phoneContext } from "./support/browser";
import { injectWallet } from "./support/injected-wallet";
import { connectWallet, protocolChain } from "./support/protocol-chain";
import { hardhatAccount, httpSession, storeSession } from "./support/shop-fixtures";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");
const dataDir = inject("dataDir");

/** A fresh key the node does not hold: only a wallet that signs for itself can use it. */
const account = privateKeyToAccount(generatePrivateKey());
/** The calls a node signs for an unlocked account: none may leave the browser. */
const NODE_SIGNING = new Set(["eth_sendTransaction", "personal_sign", "eth_sign", "eth_signTypedData_v4", "wallet_sendCalls"]);

let browser: Browser;
let chain: ReturnType<typeof protocolChain>;

beforeAll(async () => {
  browser = await launchBrowser();
  chain = protocolChain(rpcUrl, dataDir);
  const nodeAccounts = (await chain.rpc("eth_accounts")) as string[];
  expect(nodeAccounts.map((a) => a.toLowerCase())).not.toContain(account.address.toLowerCase());
  // Gas money and PEX to stake, from the owner (#0), as a user's wallet would be funded.
  const hash = await chain.owner.sendTransaction({ to: account.address, value: chain.parseEther("1") });
  await chain.publicClient.waitForTransactionReceipt({ hash });
  await chain.fund(account.address, { pex: chain.parseEther("100") });
});
afterAll(async () => browser?.close());

/**
 * A phone context with the local-signing wallet, recording every JSON-RPC method the browser
 * sends anywhere (the wallet's forwards and the app's own reads alike).
 */
async function localSigningContext(opts: { eip5792?: boolean } = {}) {
  const context = await phoneContext(browser);
  const sentByBrowser: string[] = [];
  context.on("request", (request) => {
    const body = request.postData();
    if (!body) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return;
    }
    for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
      const method = (call as { method?: unknown } | null)?.method;
      if (typeof method === "string") sentByBrowser.push(method);
    }
  });
  await injectWallet(context, { account, rpcUrl, eip5792: opts.eip5792 });
  return { context, sentByBrowser };
}

const walletCalls = (page: Page) => page.evaluate(() => (window as unknown as { __walletCalls: string[] }).__walletCalls.slice());
const sent = () => chain.publicClient.getTransactionCount({ address: account.address });
const confirmed = (page: Page) =>
  expect.poll(() => page.getByTestId("stake-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");

/** An EIP-1193 request from the page: its result, or the code it was refused with. */
const request = (page: Page, method: string, params: unknown[]) =>
  page.evaluate(
    async ([method, params]) => {
      const eth = (window as unknown as { ethereum: { request: (a: unknown) => Promise<unknown> } }).ethereum;
      try {
        return { result: await eth.request({ method, params }) };
      } catch (err) {
        return { code: (err as { code: number }).code };
      }
    },
    [method, params] as const,
  );

describe("a wallet that signs with its own key (no account unlocked at the node)", () => {
  let context: BrowserContext | undefined;
  let batchPage: Page | undefined;
  let sentByBrowser: string[] = [];
  afterAll(async () => context?.close());

  it("signs in through the login page and stakes with a permit, signing both locally", async () => {
    const wallet = await localSigningContext();
    context = wallet.context;
    const page = await context.newPage();
    // One tap signs in (the SIWE signature made locally); a fresh address may register later.
    await page.goto(`${webUrl}#/pages/login/login`);
    await page.getByTestId("connect-wallet").click();
    await page.getByTestId("register-form").waitFor({ timeout: 30_000 });
    await page.getByTestId("register-later").click();
    await page.waitForURL(/#\/pages\/my\/my$/);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem("token"),
      address: localStorage.getItem("address"),
    }));
    expect(stored.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored.address?.toLowerCase()).toBe(account.address.toLowerCase());

    await page.goto(`${webUrl}#/pages/protocol/stake`);
    await page.getByTestId("stake-amount").waitFor();
    // Still connected from the login page: the wallet remembers the site, as a real one does.
    await page.getByTestId("chain-guard").waitFor({ state: "detached", timeout: 20_000 });
    await page.getByTestId("stake-amount").fill("10");
    await expect.poll(() => page.getByTestId("stake-permit-hint").getAttribute("data-permit"), { timeout: 20_000 }).toBe("true");
    const nonceBefore = await sent();
    await page.getByTestId("stake-submit").click();
    await confirmed(page);

    // The stake was mined from the fresh account: its signature, its nonce, its permit.
    const hash = (await page.getByTestId("stake-status-hash").getAttribute("title")) as `0x${string}`;
    const receipt = await chain.publicClient.getTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(getAddress(receipt.from)).toBe(account.address);
    expect(await sent()).toBe(nonceBefore + 1);
    expect(await chain.read<bigint>(chain.c.pex!, pexAbi, "nonces", [account.address])).toBe(1n);
    await expect.poll(() => page.getByTestId("stake-item").count(), { timeout: 30_000 }).toBe(1);

    // The page asked its wallet for each signature; none of them reached the node as such.
    const calls = await walletCalls(page);
    for (const method of ["personal_sign", "eth_signTypedData_v4", "eth_sendTransaction"]) expect(calls).toContain(method);
    expect(wallet.sentByBrowser).toContain("eth_getTransactionReceipt");
    expect(wallet.sentByBrowser.filter((m) => NODE_SIGNING.has(m))).toEqual([]);
  });

  it("runs an EIP-5792 batch (approval and stake) as two transactions it signed and sent in order", async () => {
    await context?.close();
    const wallet = await localSigningContext({ eip5792: true });
    context = wallet.context;
    await storeSession(context, await httpSession(apiUrl, webUrl, account));
    const page = await context.newPage();
    await page.goto(`${webUrl}#/pages/protocol/stake`);
    await connectWallet(page);
    await page.getByTestId("stake-amount").fill("20");
    await expect.poll(() => page.getByTestId("stake-permit-hint").getAttribute("data-permit"), { timeout: 20_000 }).toBe("batch");
    const nonceBefore = await sent();
    await page.getByTestId("stake-submit").click();
    await confirmed(page);

    expect(await sent()).toBe(nonceBefore + 2);
    expect(await chain.read<bigint>(chain.c.pex!, pexAbi, "allowance", [account.address, chain.c.spex!])).toBe(0n);
    await expect.poll(() => page.getByTestId("stake-item").count(), { timeout: 30_000 }).toBe(2);
    expect(await walletCalls(page)).toContain("wallet_sendCalls");
    expect(wallet.sentByBrowser.filter((m) => NODE_SIGNING.has(m))).toEqual([]);
    sentByBrowser = wallet.sentByBrowser;
    batchPage = page;
  });

  it("signs only for its own account, with MetaMask's parameter order, and refuses the older signing calls", async () => {
    const page = batchPage!;
    const other = hardhatAccount(1).address;
    const message = "Local signing";
    const signed = await request(page, "personal_sign", [toHex(message), account.address]);
    expect(await verifyMessage({ address: account.address, message, signature: signed.result as Hex })).toBe(true);
    const ethSign = await request(page, "eth_sign", [account.address, "0x1234"]);
    expect(await verifyMessage({ address: account.address, message: { raw: "0x1234" }, signature: ethSign.result as Hex })).toBe(
      true,
    );
    // Another account, or the address where the message belongs: refused as an account it does not hold.
    expect(await request(page, "personal_sign", [toHex(message), other])).toEqual({ code: 4100 });
    expect(await request(page, "personal_sign", [account.address, toHex(message)])).toEqual({ code: 4100 });
    expect(await request(page, "eth_signTypedData_v4", [other, "{}"])).toEqual({ code: 4100 });
    expect(await request(page, "eth_sendTransaction", [{ from: other, to: account.address, value: "0x1" }])).toEqual({
      code: 4100,
    });
    expect(await request(page, "eth_signTypedData_v3", [account.address, "{}"])).toEqual({ code: 4200 });
    expect(sentByBrowser.filter((m) => NODE_SIGNING.has(m) || m.startsWith("eth_sign"))).toEqual([]);
  });
});
