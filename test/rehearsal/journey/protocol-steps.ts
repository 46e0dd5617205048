import type { Page } from "playwright-core";
import { erc20Abi, formatUnits } from "viem";
import { gameAbi } from "../../../generated/abis";
import { JOURNEY_AMOUNTS, type JourneyContext, type JourneyState } from "../journey";
import { appUrl, connectedTo, protocolReady, Refusal, sendsAndConfirms, snap, UI_MS, waitUntil } from "./support";

/** Game.roundState. */
const JOINING = 1;
const DRAWN = 3;
const CANCELLED = 4;
/** Time a round must have left for the user to deposit and join in it (three transactions with their confirmations). */
const JOIN_MARGIN_SECONDS = 40n;

const pexBalance = (s: JourneyState) =>
  s.chain.client.readContract({
    address: s.chain.contract("pex"),
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [s.user!.account.address],
  });

/** The user has no PEX on a fresh deployment: it buys some on the exchange page with the chain's native coin. */
export async function swapsForPex(ctx: JourneyContext, s: JourneyState): Promise<Page> {
  const user = s.user!;
  const { page } = user;
  s.page = page;
  await page.goto(appUrl(ctx, "#/pages/protocol/exchange?lang=en"));
  await connectedTo(page, "protocol-connect", protocolReady(page, "swap-submit"), "the exchange page's wallet");
  const before = await pexBalance(s);
  await page.getByTestId("swap-amount").fill(JOURNEY_AMOUNTS.swapNative);
  await waitUntil(
    "the swap's quote",
    async () => / PEX$/.test((await page.getByTestId("fig-swap-out").textContent()) ?? ""),
    UI_MS,
  );
  await sendsAndConfirms(
    s.chain,
    user,
    page,
    "swap-status",
    () => page.getByTestId("swap-submit").click(),
    "the swap",
    s.chainMs,
  );
  const after = await pexBalance(s);
  if (after <= before) throw new Error(`the swap left ${formatUnits(after, 18)} PEX in the wallet, as before`);
  ctx.log(`  the swap bought ${formatUnits(after - before, 18)} PEX`);
  return page;
}

/** The user stakes all its PEX on the stake page (Max), with a permit it signs: one transaction. */
export async function stakesPex(ctx: JourneyContext, s: JourneyState): Promise<Page> {
  const user = s.user!;
  const { page } = user;
  s.page = page;
  await page.goto(appUrl(ctx, "#/pages/protocol/stake?lang=en"));
  await connectedTo(page, "protocol-connect", protocolReady(page, "stake-submit"), "the stake page's wallet");
  const items = page.getByTestId("stake-item");
  const held = await pexBalance(s);
  const stakesBefore = await items.count();
  await page.getByTestId("stake-amount-max").click();
  await waitUntil(
    "the stake's plan (permit)",
    async () => (await page.getByTestId("stake-permit-hint").getAttribute("data-permit")) ?? undefined,
    UI_MS,
  );
  await sendsAndConfirms(
    s.chain,
    user,
    page,
    "stake-status",
    () => page.getByTestId("stake-submit").click(),
    "the stake",
    s.chainMs,
  );
  await waitUntil("the new stake in the list", async () => (await items.count()) > stakesBefore, UI_MS);
  const left = await pexBalance(s);
  if (left !== 0n) throw new Error(`${formatUnits(left, 18)} of ${formatUnits(held, 18)} PEX were left unstaked`);
  return page;
}

const game = (s: JourneyState) => s.chain.contract("game");
const roundInfo = (s: JourneyState, id: bigint) =>
  s.chain.client.readContract({ address: game(s), abi: gameAbi, functionName: "getRound", args: [id] });
const chainNow = async (s: JourneyState) => (await s.chain.client.getBlock()).timestamp;

/**
 * Waits for a round the keeper started that is Joining with time enough left, then the user
 * deposits the entries' price into the game (approval, deposit) and joins it on the lottery page.
 */
export async function lotteryJoins(ctx: JourneyContext, s: JourneyState): Promise<Page> {
  const user = s.user!;
  const { page } = user;
  s.page = page;
  const round = await waitUntil(
    `a Joining round with ${JOIN_MARGIN_SECONDS} s left (the lottery keeper starts them)`,
    async () => {
      const id = await s.chain.client.readContract({ address: game(s), abi: gameAbi, functionName: "currentRoundId" });
      if (id === 0n) return undefined;
      const info = await roundInfo(s, id);
      return info.state === JOINING && info.endTime >= (await chainNow(s)) + JOIN_MARGIN_SECONDS ? info : undefined;
    },
    s.chainMs,
    1000,
  );
  const entries = BigInt(JOURNEY_AMOUNTS.lotteryEntries);
  const decimals = await s.chain.client.readContract({ address: round.token, abi: erc20Abi, functionName: "decimals" });
  ctx.log(
    `  round ${round.id} ends in ${round.endTime - (await chainNow(s))} s; a ticket is ${formatUnits(round.ticketPrice, decimals)}`,
  );

  await page.goto(appUrl(ctx, "#/pages/protocol/lottery?lang=en"));
  await connectedTo(page, "protocol-connect", protocolReady(page, "lottery-round"), "the lottery page's wallet");
  await waitUntil(
    "the round shown as joining",
    async () => (await page.getByTestId("lottery-round").getAttribute("data-state")) === "joining",
    UI_MS,
  );
  await page.getByTestId("lottery-tab-recharge").click();
  await page.getByTestId("lottery-recharge-amount").fill(formatUnits(entries * round.ticketPrice, decimals));
  const approve = page.getByTestId("lottery-approve");
  const deposit = page.getByTestId("lottery-recharge-submit");
  await waitUntil("the deposit's next step", async () => (await deposit.isEnabled()) || (await approve.isEnabled()), UI_MS);
  if (await approve.isEnabled())
    await sendsAndConfirms(
      s.chain,
      user,
      page,
      "lottery-recharge-status",
      () => approve.click(),
      "the game's approval",
      s.chainMs,
    );
  await sendsAndConfirms(
    s.chain,
    user,
    page,
    "lottery-recharge-status",
    () => deposit.click({ timeout: UI_MS }),
    "the deposit",
    s.chainMs,
  );
  await snap(ctx, page, "09a-lottery-deposit");

  await page.getByTestId("lottery-join-entries").fill(entries.toString());
  await sendsAndConfirms(
    s.chain,
    user,
    page,
    "lottery-join-status",
    () => page.getByTestId("lottery-join").click(),
    "the join",
    s.chainMs,
  );
  await waitUntil(
    `${entries} entries shown as the user's`,
    async () => (await page.getByTestId("fig-lottery-my-entries").textContent()) === entries.toString(),
    UI_MS,
  );
  const joined = await s.chain.client.readContract({
    address: game(s),
    abi: gameAbi,
    functionName: "entriesOf",
    args: [round.id, user.account.address],
  });
  if (joined !== entries) throw new Error(`the chain holds ${joined} entries of the user in round ${round.id}, not ${entries}`);
  s.round = round.id;
  return page;
}

/**
 * Waits for the round's end (the chain's own clock), the keeper's VRF request and its
 * fulfilment, and for the lottery page's history to show the round drawn with its winner.
 */
export async function lotteryDraws(ctx: JourneyContext, s: JourneyState): Promise<Page> {
  const user = s.user!;
  const { page } = user;
  s.page = page;
  const id = s.round!;
  const { endTime } = await roundInfo(s, id);
  if (ctx.chainTimeReaches) await ctx.chainTimeReaches(endTime + 1n);
  const left = Number(endTime - (await chainNow(s)));
  const drawn = await waitUntil(
    `round ${id} to be drawn (its end, the keeper's VRF request, the fulfilment)`,
    async () => {
      const info = await roundInfo(s, id);
      if (info.state === CANCELLED) throw new Refusal(`round ${id} was cancelled (no fulfilment within the draw timeout?)`);
      return info.state === DRAWN ? info : undefined;
    },
    Math.max(left, 0) * 1000 + s.chainMs,
    2000,
  );
  ctx.log(`  round ${id} drawn: winner ${drawn.winner}, request ${drawn.requestId}`);

  await page.goto(appUrl(ctx, "#/pages/protocol/lottery?lang=en"));
  await page.getByTestId("lottery-tab-history").click({ timeout: UI_MS });
  const item = page.locator(`[data-testid="lottery-history-item"][data-round="${id}"]`);
  let looks = 0;
  await waitUntil(
    `round ${id} shown drawn in the history`,
    async () => {
      if ((await item.count()) > 0 && (await item.getByTestId("lottery-history-status").textContent()) === "Success") return true;
      if (++looks % 10 === 0) {
        await page.reload();
        await page.getByTestId("lottery-tab-history").click();
      }
      return undefined;
    },
    UI_MS,
  );
  const winner = ((await item.getByTestId("lottery-history-winner").textContent()) ?? "").trim();
  const word = await item.getByTestId("lottery-history-word").locator("code").getAttribute("title");
  if (winner === "" || winner === "—") throw new Error(`round ${id} shows no winner`);
  if (!word || BigInt(word) !== drawn.randomness)
    throw new Error(`round ${id} shows the word ${word}, the chain holds ${drawn.randomness}`);
  // The round's detail checks the word against the coordinator's output, as a player would.
  await item.getByTestId("lottery-detail").locator("summary").click();
  const verified = item.getByTestId("lottery-verified");
  const ok = await verified
    .waitFor({ timeout: UI_MS })
    .then(() => waitUntil("the draw's check", async () => (await verified.getAttribute("data-ok")) ?? undefined, UI_MS))
    .catch(() => "not shown");
  ctx.log(`  the page's check of round ${id}'s word against the VRF output: ${ok === "true" ? "verified" : ok}`);
  if (ok !== "true") throw new Error(`round ${id}'s page does not verify its word against the VRF output (${ok})`);
  await snap(ctx, page, "10a-lottery-draw-detail");
  return page;
}
