import type { Browser, BrowserContext, Page } from "playwright-core";
import { toHex } from "viem";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { gameAbi, testUsdtAbi } from "../../generated/abis";
import { launchBrowser, phoneContext, screenshot } from "./support/browser";
import { connectWallet, expectNoSeriousViolations, protocolChain, protocolPage } from "./support/protocol-chain";
import { hardhatAccount } from "./support/shop-fixtures";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");
const dataDir = inject("dataDir");

/** Account #15: the lottery's test player (issue 8's accounts are #12..#15). */
const PLAYER = 15;
const player = hardhatAccount(PLAYER).address;
const NICKNAME = "Lucky Fifteen";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let chain: ReturnType<typeof protocolChain>;

interface Round {
  id: bigint;
  state: number;
  endTime: bigint;
  winner: string;
  totalEntries: bigint;
  requestId: bigint;
  randomness: bigint;
}

const currentRound = async (): Promise<Round> => {
  const id = await chain.read<bigint>(chain.c.game!, gameAbi, "currentRoundId");
  return chain.read<Round>(chain.c.game!, gameAbi, "getRound", [id]);
};

beforeAll(async () => {
  browser = await launchBrowser();
  chain = protocolChain(rpcUrl, dataDir);
  await chain.write(0, chain.c.usdt!, testUsdtAbi, "transfer", [player, 100_000_000n]);
  context = await phoneContext(browser);
  page = await protocolPage(context, { apiUrl, webUrl, rpcUrl, index: PLAYER });
});
afterAll(async () => browser?.close());

describe("lottery", () => {
  it("recharges into the game (Pending, then Success), joins, withdraws and sets a nickname", async () => {
    // The keeper keeps a round Joining (the demo's round 2, or the one it started after it).
    await expect.poll(async () => (await currentRound()).state, { timeout: 60_000 }).toBe(1);
    await page.goto(`${webUrl}#/pages/protocol/lottery`);
    await connectWallet(page);
    await expect.poll(() => page.getByTestId("lottery-round").getAttribute("data-state"), { timeout: 20_000 }).toBe("joining");
    await page.getByTestId("lottery-countdown").waitFor();

    // Nickname, stored by the server.
    await page.getByTestId("lottery-nickname").fill(NICKNAME);
    await page.getByTestId("lottery-nickname-save").click();
    const stored = async () => (await (await fetch(`${apiUrl}/base/api/lottery/nicknames?addresses=${player}`)).json()).data.list;
    await expect.poll(stored, { timeout: 20_000 }).toEqual([{ address: player.toLowerCase(), nickname: NICKNAME }]);

    // Recharge 20 USDT: approve exactly, then deposit. Automine is paused so the record's
    // Pending state can be seen before the block is mined.
    await page.getByTestId("lottery-tab-recharge").click();
    await page.getByTestId("lottery-recharge-amount").fill("20");
    await page.getByTestId("lottery-approve").click();
    await expect.poll(() => page.getByTestId("lottery-approve").getAttribute("data-approved"), { timeout: 30_000 }).toBe("true");
    await chain.rpc("evm_setAutomine", [false]);
    try {
      await page.getByTestId("lottery-recharge-submit").click();
      const pending = page.locator('[data-testid="lottery-record"][data-status="pending"]');
      await pending.waitFor({ timeout: 20_000 });
      expect(await pending.getByTestId("lottery-record-status").textContent()).toBe("Pending");
      await screenshot(page, "protocol-lottery-recharge-pending");
    } finally {
      await chain.rpc("evm_mine");
      await chain.rpc("evm_setAutomine", [true]);
    }
    await expect
      .poll(() => page.getByTestId("lottery-recharge-status").getAttribute("data-phase"), { timeout: 30_000 })
      .toBe("confirmed");
    const done = page.locator('[data-testid="lottery-record"][data-status="success"]').first();
    await done.waitFor({ timeout: 20_000 });
    expect(await done.textContent()).toContain("20.00 USDT");
    expect(await done.getByTestId("lottery-record-status").textContent()).toBe("Success");
    await expect.poll(() => page.getByTestId("fig-lottery-balance").textContent(), { timeout: 20_000 }).toBe("20.00 USDT");
    await screenshot(page, "protocol-lottery-recharge");

    // Join Now with 5 entries.
    await page.getByTestId("lottery-join-entries").fill("5");
    await page.getByTestId("lottery-join").click();
    await expect
      .poll(() => page.getByTestId("lottery-join-status").getAttribute("data-phase"), { timeout: 30_000 })
      .toBe("confirmed");
    await expect.poll(() => page.getByTestId("fig-lottery-my-entries").textContent(), { timeout: 20_000 }).toBe("5");
    expect(await page.getByTestId("fig-lottery-chance").textContent()).toMatch(/^1 in [\d.]+ \(\d+\.\d\d%\)$/);
    await page.getByTestId("lottery-tab-mine").click();
    await page.getByTestId("lottery-mine-item").first().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("lottery-mine-entries").first().textContent()).toBe("5");
    await screenshot(page, "protocol-lottery-mine");

    // Withdraw 5 USDT back to the wallet.
    await page.getByTestId("lottery-tab-withdraw").click();
    await page.getByTestId("lottery-withdrawal-amount").fill("5");
    await page.getByTestId("lottery-withdrawal-submit").click();
    await expect
      .poll(() => page.getByTestId("lottery-withdrawal-status").getAttribute("data-phase"), { timeout: 30_000 })
      .toBe("confirmed");
    const withdrawn = page.locator('[data-testid="lottery-records-withdrawal"] [data-status="success"]').first();
    await withdrawn.waitFor({ timeout: 20_000 });
    expect(await withdrawn.textContent()).toContain("5.00 USDT");
    await expect.poll(() => page.getByTestId("fig-lottery-balance").textContent(), { timeout: 20_000 }).toBe("10.00 USDT");
    await screenshot(page, "protocol-lottery-withdraw");
    await expectNoSeriousViolations(page, "lottery withdraw", ["[data-rk]"]);
  });

  it("goes from Joining to Drawing Winner to a winner drawn with the VRF word, whose proof the history shows", async () => {
    const round = await currentRound();
    expect(round.state).toBe(1);
    const block = await chain.publicClient.getBlock();
    // Past the end: Drawing Winner until the keeper requests the VRF word and, on this local
    // chain, has the coordinator mock deliver it.
    await chain.increaseTime(Number(round.endTime - block.timestamp) + 2);
    await page.goto(`${webUrl}#/pages/protocol/lottery`);
    await page.getByTestId("lottery-round").waitFor({ timeout: 20_000 });
    const seen = await page.getByTestId("lottery-round").getAttribute("data-state");
    expect(["drawingWinner", "joining"]).toContain(seen); // the keeper may already have started the next one
    await screenshot(page, "protocol-lottery-drawing");
    // A player in the middle of a deposit while the keeper draws and starts the next round.
    await page.getByTestId("lottery-tab-recharge").click();
    await page.getByTestId("lottery-recharge-amount").fill("7");
    await expect
      .poll(async () => (await chain.read<Round>(chain.c.game!, gameAbi, "getRound", [round.id])).state, { timeout: 90_000 })
      .toBe(3);
    await expect.poll(async () => (await currentRound()).id, { timeout: 60_000 }).toBeGreaterThan(round.id);
    const next = (await currentRound()).id;
    await expect.poll(() => page.locator("#lottery-round").textContent(), { timeout: 30_000 }).toBe(`Round ${next}`);
    // The new round replaced the old one in place: the open tab and the typed amount are still there.
    expect(await page.getByTestId("lottery-tab-recharge").getAttribute("aria-selected")).toBe("true");
    expect(await page.getByTestId("lottery-recharge-amount").inputValue()).toBe("7");

    await page.reload();
    // The history is below the first screen on a phone and loads as it comes near (ADR-0220): scroll to it.
    await page.getByTestId("lottery-tab-history").scrollIntoViewIfNeeded({ timeout: 20_000 });
    const item = page.locator(`[data-testid="lottery-history-item"][data-round="${round.id}"]`);
    await item.waitFor({ timeout: 20_000 });
    await expect.poll(() => item.getByTestId("lottery-history-status").textContent(), { timeout: 20_000 }).toBe("Success");
    const drawn = await chain.read<Round>(chain.c.game!, gameAbi, "getRound", [round.id]);
    const winnerText = await item.getByTestId("lottery-history-winner").textContent();
    if (drawn.winner.toLowerCase() === player.toLowerCase()) expect(winnerText).toBe(NICKNAME);
    else expect(winnerText).not.toBe("—");

    // The proof: the request id, the random word and the fulfilment transaction, which is the
    // coordinator's call (the keeper told the local mock to answer) that drew the round.
    const [drawEvent] = await chain.publicClient.getContractEvents({
      address: chain.c.game!,
      abi: gameAbi,
      eventName: "WinnerDrawn",
      args: { round: round.id },
      fromBlock: 0n,
    });
    const fulfilment = await chain.publicClient.getTransaction({ hash: drawEvent!.transactionHash });
    expect(fulfilment.to?.toLowerCase()).toBe(chain.c.vrfCoordinator!.toLowerCase());
    expect(drawn.requestId).toBeGreaterThan(0n);
    expect(await item.getByTestId("lottery-history-draw").textContent()).toBe("Drawn with Chainlink VRF");
    expect(await item.getByTestId("lottery-history-request").textContent()).toBe(drawn.requestId.toString());
    expect(await item.getByTestId("lottery-history-word").locator("code").getAttribute("title")).toBe(
      toHex(drawn.randomness, { size: 32 }),
    );
    const fulfilHash = item.getByTestId("lottery-history-fulfil").getByTestId("tx-hash");
    await fulfilHash.waitFor({ timeout: 20_000 });
    expect(await fulfilHash.getAttribute("title")).toBe(drawEvent!.transactionHash);

    await item.getByTestId("lottery-detail").locator("summary").click();
    await expect.poll(() => item.getByTestId("lottery-detail").getAttribute("open")).toBe("");
    await item.getByTestId("lottery-evidence").waitFor({ timeout: 20_000 });
    expect(await item.getByTestId("lottery-evidence").textContent()).toContain(drawEvent!.transactionHash);
    await screenshot(page, "protocol-lottery-detail");
    await expect.poll(() => item.getByTestId("lottery-players").textContent(), { timeout: 20_000 }).toContain(NICKNAME);
    await expect.poll(() => item.getByTestId("lottery-verified").getAttribute("data-ok"), { timeout: 20_000 }).toBe("true");
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, "protocol-lottery-history");
    await expectNoSeriousViolations(page, "lottery history", ["[data-rk]"]);
  });

  it("shows the page in Chinese with the round state translated", async () => {
    await page.goto(`${webUrl}#/pages/protocol/lottery?lang=cn`);
    await page.reload();
    await page.getByTestId("lottery-state").waitFor({ timeout: 20_000 });
    expect(["未开始", "参与中", "开奖中", "已开奖", "已取消"]).toContain(await page.getByTestId("lottery-state").textContent());
    expect(await page.getByTestId("lottery-tab-history").textContent()).toBe("历史");
    await screenshot(page, "protocol-lottery-cn");
    await page.goto(`${webUrl}#/pages/protocol/lottery?lang=en`);
    await page.reload();
  });
});
