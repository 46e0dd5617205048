import fs from "node:fs";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { type Address, createPublicClient, defineChain, erc20Abi, http, type LocalAccount } from "viem";
import type { Deployments } from "../../../domain/deployments";
import type { UserInfo } from "../../../domain/api/user";
import { mailedCode } from "../../e2e/support/outbox";
import { phoneContext, screenshot } from "../../e2e/support/browser";
import { injectWallet } from "../../e2e/support/injected-wallet";
import type { JourneyContext } from "../journey";

/** How long a page may take to show what it shows without waiting for the chain (TLS, three API processes, a busy machine). */
export const UI_MS = 60_000;
/** Every account the journey registers takes this fund password. */
export const FUND_PASSWORD = "246810";

/** Thrown by a probe of `waitUntil` when waiting longer cannot help (the page shows a refusal). */
export class Refusal extends Error {}

/**
 * Polls `probe` until it answers something other than undefined or false, and answers that; a
 * timeout names what was awaited and the last thing seen. The journey runs outside a test
 * runner (the rehearsal's orchestrator), so it polls on its own rather than with `expect.poll`.
 */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs: number,
  intervalMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
      last = value;
    } catch (err) {
      if (err instanceof Refusal) throw err;
      last = err instanceof Error ? err.message.split("\n")[0] : err;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what} (last seen: ${String(last)})`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Waits until `locator`'s attribute `name` is `value`. */
export const attributeIs = (locator: Locator, name: string, value: string, timeoutMs: number, what: string) =>
  waitUntil(`${what} (${name}="${value}")`, async () => (await locator.getAttribute(name)) === value || undefined, timeoutMs);

/** The chain as the journey reads it: the deployment's addresses and a client of the node. */
export function journeyChain(ctx: JourneyContext) {
  const deployments = JSON.parse(fs.readFileSync(ctx.deploymentsFile, "utf8")) as Deployments;
  if (deployments.chainId !== ctx.chainId)
    throw new Error(`${ctx.deploymentsFile} is of chain ${deployments.chainId}, the journey was told ${ctx.chainId}`);
  const chain = defineChain({
    id: ctx.chainId,
    name: `chain ${ctx.chainId}`,
    nativeCurrency: { name: "native", symbol: "NATIVE", decimals: 18 },
    rpcUrls: { default: { http: [ctx.rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport: http(ctx.rpcUrl), cacheTime: 0 });
  const contract = (name: string): Address => {
    const address = deployments.contracts[name];
    if (!address) throw new Error(`the deployment has no ${name} contract`);
    return address;
  };
  return {
    client,
    deployments,
    contract,
    usdtBalance: (owner: Address) =>
      client.readContract({ address: contract("usdt"), abi: erc20Abi, functionName: "balanceOf", args: [owner] }),
    usdtDecimals: () => client.readContract({ address: contract("usdt"), abi: erc20Abi, functionName: "decimals" }),
  };
}
export type JourneyChain = ReturnType<typeof journeyChain>;

/** One person of the journey: their phone's browser context with their own wallet in it, and their page. */
export interface Actor {
  name: string;
  account: LocalAccount;
  context: BrowserContext;
  page: Page;
}

const root = (url: string) => (url.endsWith("/") ? url : `${url}/`);
/** The web app's page at `hash` (a route such as `#/pages/my/my?lang=en`). */
export const appUrl = (ctx: JourneyContext, hash: string) => `${root(ctx.webUrl)}${hash}`;

/** A phone context whose wallet holds `account`'s key and signs in this process (ADR-0204): no account need be unlocked at the node. */
export async function openActor(ctx: JourneyContext, browser: Browser, name: string, account: LocalAccount): Promise<Actor> {
  const context = await phoneContext(browser, { ignoreHTTPSErrors: ctx.ignoreHttpsErrors });
  // What the pages themselves complain of goes to the log: the first thing to read after a failure.
  context.on("weberror", (error) => {
    // A new tab's about:blank refuses the wallet's look at sessionStorage before the app loads.
    if (error.page()?.url() === "about:blank") return;
    ctx.log(`  [${name}'s page] ${String(error.error()).split("\n")[0]}`);
  });
  context.on("console", (message) => {
    if (message.type() === "error") ctx.log(`  [${name}'s console] ${message.text().split("\n")[0]}`);
  });
  // Under tsx (the rehearsal's orchestrator) esbuild names functions with a `__name` helper, and
  // the functions sent to the page (the wallet's init script) call it there: the page gets one.
  await context.addInitScript({ content: "globalThis.__name ??= (target) => target;" });
  await injectWallet(context, { account, rpcUrl: ctx.rpcUrl, chainId: ctx.chainId });
  return { name, account, context, page: await context.newPage() };
}

/**
 * Signs in as a user of a wallet app's browser does: the login page's one tap connects the wallet
 * and signs the Sign-In with Ethereum message. Answers whether the address still has to register
 * (the page then shows the registration form). `loginUrl` is the login page, or an invitation link to it.
 */
export async function signIn(actor: Actor, loginUrl: string): Promise<boolean> {
  const { page } = actor;
  await page.goto(loginUrl);
  await page.getByTestId("connect-wallet").click({ timeout: UI_MS });
  return waitUntil(
    `${actor.name}'s sign-in`,
    async () => {
      if (await page.getByTestId("register-form").isVisible()) return "register";
      if (/#\/pages\/my\/my/.test(page.url())) return "signed-in";
      return undefined;
    },
    UI_MS,
  ).then((landed) => landed === "register");
}

/** Fills the registration form (email with its mailed code, fund password twice) and submits it. */
export async function register(ctx: JourneyContext, actor: Actor): Promise<void> {
  const { page } = actor;
  const email = `journey-${actor.account.address.slice(2, 12).toLowerCase()}-${Date.now()}@example.com`;
  await page.getByTestId("email").fill(email);
  const since = Date.now() - 1000;
  await page.getByTestId("send-code").click();
  // Each look at the outbox gives up after ten seconds; a busy rehearsal may take longer to mail.
  const code = await waitUntil("the mailed registration code", () => mailedCode(ctx.dataDir, email, since), UI_MS);
  await page.getByTestId("email-code").fill(code);
  await page.getByTestId("register-password").fill(FUND_PASSWORD);
  await page.getByTestId("register-repeat").fill(FUND_PASSWORD);
  await page.getByTestId("register-submit").click();
  await page.waitForURL(/#\/pages\/my\/my/, { timeout: UI_MS });
}

/**
 * An API call with the session the page holds (its `token` in localStorage), through the
 * context's own request client: it accepts what the browser accepts (a self-signed certificate).
 */
export async function api<T>(
  ctx: JourneyContext,
  actor: Actor,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<T> {
  const token = await actor.page.evaluate(() => localStorage.getItem("token"));
  if (!token) throw new Error(`${actor.name} holds no session`);
  const base = ctx.apiUrl.replace(/\/+$/, "");
  const res = await actor.context.request.fetch(`${base}/base/api${path}`, {
    method,
    headers: { token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await res.json()) as { code: number; msg: string; data: T };
  if (reply.code !== 0) throw new Error(`${method} ${path} for ${actor.name}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

export const userInfo = (ctx: JourneyContext, actor: Actor) => api<UserInfo>(ctx, actor, "GET", "/user/info");

/**
 * Waits until the page is `ready`, tapping `connect` (the page's connect button) whenever it is
 * offered: the wallet may still be reconnecting by itself after a navigation, or need the one tap.
 */
export async function connectedTo(page: Page, connect: string, ready: () => Promise<boolean>, what: string): Promise<void> {
  await waitUntil(
    what,
    async () => {
      if (await ready()) return true;
      const button = page.getByTestId(connect);
      if ((await button.isVisible()) && (await button.isEnabled())) await button.click();
      return undefined;
    },
    UI_MS,
  );
}

/** A protocol page is ready to write once `testId` shows and no wallet guard stands in front of it. */
export const protocolReady = (page: Page, testId: string) => async () =>
  (await page.getByTestId(testId).first().isVisible()) && (await page.getByTestId("chain-guard").count()) === 0;

/** Saves a screenshot within a step, beside the steps' own. */
export const snap = (ctx: JourneyContext, page: Page, name: string) => screenshot(page, `journey-${name}`, ctx.screenshotsDir);

/** A decimal amount of `decimals` places as base units ("10" → 10·10^decimals). */
export function units(amount: string, decimals: number): bigint {
  const [whole, fraction = ""] = amount.split(".");
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0").slice(0, decimals) || "0");
}

const SETTLED = new Set(["confirmed", "reverted", "rejected", "failed"]);

/**
 * Runs `act` (a tap that makes the page send one transaction from `actor`'s wallet) and waits
 * until the chain has it (the account's nonce moved) and the page's status line `testId` says
 * confirmed. Status lines are reused by a page's steps (approve, then recharge): the nonce tells
 * this transaction's "confirmed" from the last one's.
 */
export async function sendsAndConfirms(
  chain: JourneyChain,
  actor: Actor,
  scope: Page | Locator,
  testId: string,
  act: () => Promise<void>,
  what: string,
  timeoutMs: number,
): Promise<void> {
  const sent = () => chain.client.getTransactionCount({ address: actor.account.address });
  const before = await sent();
  await act();
  const status = scope.getByTestId(testId);
  const failure = async () => {
    const phase = await status.getAttribute("data-phase").catch(() => null);
    return phase && phase !== "confirmed" && SETTLED.has(phase) ? `${phase}: ${(await status.textContent()) ?? ""}` : null;
  };
  await waitUntil(
    `${what}: the transaction mined`,
    async () => {
      const refused = await failure();
      if (refused) throw new Refusal(`${what}: ${refused}`);
      return (await sent()) > before || undefined;
    },
    timeoutMs,
  );
  const phase = await waitUntil(
    `${what}: confirmed on the page`,
    async () => {
      const p = await status.getAttribute("data-phase");
      return p !== null && SETTLED.has(p) ? p : undefined;
    },
    timeoutMs,
  );
  if (phase !== "confirmed") throw new Error(`${what}: ${phase}: ${(await status.textContent()) ?? ""}`);
}
