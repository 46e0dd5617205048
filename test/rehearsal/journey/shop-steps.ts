import type { Page } from "playwright-core";
import { formatUsdt, thousands, USDT_DECIMALS } from "../../../domain/money";
import { JOURNEY_AMOUNTS, type JourneyContext, type JourneyState } from "../journey";
import {
  connectedTo,
  FUND_PASSWORD,
  openActor,
  Refusal,
  appUrl,
  sendsAndConfirms,
  snap,
  UI_MS,
  units,
  userInfo,
  waitUntil,
} from "./support";

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? "").trim();

/**
 * The user recharges USDT from the wallet on the recharge page: the exact approval, then the
 * recharge (the intent registered with the server first); the record turns Success and the
 * balance grows once the chain watcher has seen the payment with its confirmations.
 */
export async function userRecharges(ctx: JourneyContext, s: JourneyState): Promise<Page> {
  const user = s.user!;
  const { page } = user;
  s.page = page;
  const micro = units(JOURNEY_AMOUNTS.rechargeUsdt, USDT_DECIMALS);
  const before = BigInt((await userInfo(ctx, user)).amountUsdt);
  await page.goto(appUrl(ctx, "#/pages/assets/assets?lang=en"));
  await page.getByTestId("recharge-usdt").click({ timeout: UI_MS });
  await page.getByTestId("recharge-option-BSC").check();
  await page.getByTestId("recharge-confirm").click();
  await page.waitForURL(/#\/pages\/assets\/recharge\?payId=BSC/, { timeout: UI_MS });
  await connectedTo(page, "recharge-connect", () => page.getByTestId("usdt-amount").isVisible(), "the recharge page's wallet");
  await waitUntil(
    "the wallet's USDT on the recharge page",
    async () => /\d USDT$/.test(await text(page, "wallet-usdt-balance")),
    UI_MS,
  );
  await page.getByTestId("usdt-amount").fill(JOURNEY_AMOUNTS.rechargeUsdt);

  const approve = page.getByTestId("approve-usdt");
  const confirm = page.getByTestId("confirm-recharge");
  // Either step may be the next one: an allowance left from before needs no approval.
  await waitUntil("the recharge's next step", async () => (await confirm.isEnabled()) || (await approve.isEnabled()), UI_MS);
  if (await approve.isEnabled())
    await sendsAndConfirms(s.chain, user, page, "tx-status", () => approve.click(), "the USDT approval", s.chainMs);
  await sendsAndConfirms(s.chain, user, page, "tx-status", () => confirm.click({ timeout: UI_MS }), "the recharge", s.chainMs);
  const record = page.getByTestId("recharge-record").first();
  await snap(ctx, page, "03a-recharge-sent");
  await waitUntil(
    "the recharge record to turn Success (the chain watcher, after its confirmations)",
    async () => {
      const status = await record.getAttribute("data-status");
      if (status === "Failed") throw new Refusal("the recharge record turned Failed");
      return status === "Success" || undefined;
    },
    s.chainMs,
    1000,
  );
  const shown = `${thousands(formatUsdt(before + micro))} USDT`;
  await waitUntil(`the balance shown as ${shown}`, async () => (await text(page, "recharge-account-balance")) === shown, UI_MS);
  const after = BigInt((await userInfo(ctx, user)).amountUsdt);
  if (after !== before + micro) throw new Error(`the spendable balance is ${after} micro-USDT, expected ${before + micro}`);
  return page;
}

/**
 * The first admin signs in to the operator console with the wallet, takes the editor role if it
 * lacks it (an editor grant needs no second admin), adds the journey's product, and hands back
 * a role it took (least privilege; the e2e stack's console tests expect the admin without it).
 * The e2e stack has demo products, the rehearsal's fresh database none: adding one always makes
 * the journey the same in both, and proves the console.
 */
export async function adminAddsProduct(ctx: JourneyContext, s: JourneyState): Promise<Page> {
  const account = ctx.admins[0]!;
  const admin = (s.admin = await openActor(ctx, s.browser, "the admin", account));
  const { page } = admin;
  s.page = page;
  await page.goto(appUrl(ctx, "#/admin?lang=en"));
  await page.waitForURL(/#\/pages\/login\/login/, { timeout: UI_MS });
  await page.getByTestId("connect-wallet").click();
  // An admin who never registered as a shopper goes on without it.
  await waitUntil(
    "the operator console after sign-in",
    async () => {
      const later = page.getByTestId("register-later");
      if (await later.isVisible()) await later.click();
      return /#\/admin\//.test(page.url()) || undefined;
    },
    UI_MS,
  );
  const address = account.address.toLowerCase();
  const nav = (area: string) => page.getByTestId(`console-nav-${area}`);
  await nav("roles").waitFor({ timeout: UI_MS });
  const granting = (await nav("products").count()) === 0;
  if (granting) {
    await nav("roles").click();
    await page.getByTestId("grant-address").fill(address);
    await page.getByTestId("grant-role").selectOption("editor");
    await page.getByTestId("grant-submit").click();
    await page.getByTestId(`grant-${address}-editor`).waitFor({ timeout: UI_MS });
  }
  await nav("products").click({ timeout: UI_MS });
  await page.waitForURL(/#\/admin\/products/, { timeout: UI_MS });

  const title = `Rehearsal ingot ${new Date().toISOString().slice(0, 19).replace("T", " ")}`;
  const fields: Record<string, string> = {
    title,
    priceCny: "70",
    priceUsdt: JOURNEY_AMOUNTS.productUsdt,
    stock: "1000",
    dailyRate: "1",
    cycleDays: "30",
    // Last in the shop's list, after whatever the shop sells already.
    sort: "1000000",
  };
  for (const [name, value] of Object.entries(fields)) await page.getByTestId(`product-${name}`).fill(value);
  await page.getByRole("textbox", { name: /^Images/ }).fill("/demo/products/aluminium.svg");
  await snap(ctx, page, "04a-product-form");
  await page.getByTestId("product-submit").click();
  const item = page.locator(".console-product").filter({ hasText: title });
  await item.waitFor({ timeout: UI_MS });
  const id = Number((await item.getAttribute("data-testid"))!.replace("product-", ""));
  s.product = { id, title };
  await item.scrollIntoViewIfNeeded();
  await snap(ctx, page, "04b-product-added");
  if (granting) {
    await nav("roles").click();
    const grant = page.getByTestId(`grant-${address}-editor`);
    await grant.getByRole("button").click({ timeout: UI_MS });
    await grant.waitFor({ state: "detached", timeout: UI_MS });
    await nav("products").waitFor({ state: "detached", timeout: UI_MS });
  }
  return page;
}

/** The user opens the product (a link to it, as shared), buys it with spendable USDT, and the balance and the stock move. */
export async function userBuys(ctx: JourneyContext, s: JourneyState): Promise<Page> {
  const user = s.user!;
  const { page } = user;
  s.page = page;
  const product = s.product!;
  const price = units(JOURNEY_AMOUNTS.productUsdt, USDT_DECIMALS);
  const before = BigInt((await userInfo(ctx, user)).amountUsdt);
  await page.goto(appUrl(ctx, `#/pages/goods-detail/goods-detail?id=${product.id}&lang=en`));
  await page.getByTestId("product-detail").getByText(product.title).first().waitFor({ timeout: UI_MS });
  const stock = Number(await text(page, "detail-stock"));
  await page.getByTestId("buy").click();
  const popup = page.getByTestId("purchase-popup");
  await popup.waitFor({ timeout: UI_MS });
  await waitUntil(
    "the USDT balance in the purchase popup",
    async () => /\d USDT/.test(await text(page, "pay-usdt-balance")),
    UI_MS,
  );
  await popup.getByTestId("pay-usdt").click();
  await snap(ctx, page, "05a-purchase-popup");
  await popup.getByTestId("purchase-confirm").click();
  await waitUntil(
    "the purchase to go through",
    async () => {
      if (await page.getByTestId("purchase-error").isVisible())
        throw new Refusal(`refused: ${await text(page, "purchase-error")}`);
      return (await popup.count()) === 0 || undefined;
    },
    UI_MS,
  );
  await waitUntil(`the stock to show ${stock - 1}`, async () => Number(await text(page, "detail-stock")) === stock - 1, UI_MS);
  const after = BigInt((await userInfo(ctx, user)).amountUsdt);
  if (after !== before - price)
    throw new Error(`the spendable balance is ${after} micro-USDT after buying, expected ${before - price}`);
  return page;
}

/**
 * The user withdraws USDT to the wallet with the fund password; the payout worker pays it on
 * chain (no approval at this size), the record turns Success with its hash, and the USDT arrives.
 */
export async function userWithdraws(ctx: JourneyContext, s: JourneyState): Promise<Page> {
  const user = s.user!;
  const { page } = user;
  s.page = page;
  const micro = units(JOURNEY_AMOUNTS.withdrawUsdt, USDT_DECIMALS);
  const held = BigInt((await userInfo(ctx, user)).withdrawUsdt);
  if (held < micro) {
    if (!ctx.creditWithdrawable)
      throw new Error(
        `the user holds ${held} micro-USDT withdrawable, the withdrawal needs ${micro}: income arrives from the day after a ` +
          "purchase, and the journey was given no creditWithdrawable",
      );
    await ctx.creditWithdrawable(user.account.address, micro - held);
    await waitUntil(
      "the withdrawable balance to be credited",
      async () => BigInt((await userInfo(ctx, user)).withdrawUsdt) >= micro,
      UI_MS,
    );
  }
  const decimals = await s.chain.usdtDecimals();
  const walletBefore = await s.chain.usdtBalance(user.account.address);
  await page.goto(appUrl(ctx, "#/pages/assets/assets?lang=en"));
  await page.getByTestId("balance-withdrawUsdt").waitFor({ timeout: UI_MS });
  await page.getByTestId("open-withdraw").click();
  await page.getByTestId("withdraw-option-BSC").check({ timeout: UI_MS });
  await page.getByTestId("withdraw-address").fill(user.account.address);
  await page.getByTestId("withdraw-amount").fill(JOURNEY_AMOUNTS.withdrawUsdt);
  await page.getByTestId("withdraw-password").fill(FUND_PASSWORD);
  await page.getByTestId("withdraw-confirm").click();
  await waitUntil(
    "the withdrawal to be accepted",
    async () => {
      if (await page.getByTestId("withdraw-refusal").isVisible())
        throw new Refusal(`refused: ${await text(page, "withdraw-refusal")}`);
      return (await page.getByTestId("withdraw-popup").count()) === 0 || undefined;
    },
    UI_MS,
  );
  const record = page.getByTestId("asset-record").first();
  await waitUntil("the withdrawal's record", async () => (await record.getAttribute("data-type")) === "withdraw", UI_MS);
  await snap(ctx, page, "06a-withdraw-pending");
  await waitUntil(
    "the payout to be confirmed on chain (the record turns Success)",
    async () => {
      const status = await record.getAttribute("data-status");
      if (status === "Failed") throw new Refusal("the withdrawal's record turned Failed (the payout was refunded)");
      return status === "Success" || undefined;
    },
    s.chainMs,
    1000,
  );
  if (!/0x[0-9a-f]+/i.test((await record.getByTestId("record-hash").textContent()) ?? ""))
    throw new Error("the paid withdrawal shows no transaction hash");
  const expected = walletBefore + micro * 10n ** BigInt(decimals - USDT_DECIMALS);
  await waitUntil(
    "the USDT to arrive in the wallet",
    async () => (await s.chain.usdtBalance(user.account.address)) === expected || undefined,
    s.chainMs,
    1000,
  );
  return page;
}
