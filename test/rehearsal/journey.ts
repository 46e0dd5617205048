import type { Browser, Page } from "playwright-core";
import type { Address, LocalAccount } from "viem";
import { launchBrowser, screenshot, takeCspViolations, takeHydrationErrors } from "../e2e/support/browser";
import { inviterSignsUp, userSignsUpInvited } from "./journey/account-steps";
import { lotteryDraws, lotteryJoins, swapsForPex, stakesPex } from "./journey/protocol-steps";
import { adminAddsProduct, userBuys, userRecharges, userWithdraws } from "./journey/shop-steps";
import { type Actor, journeyChain, type JourneyChain } from "./journey/support";

export interface JourneyContext {
  /** The web app, e.g. https://localhost:26173/ (self-signed TLS) or http://127.0.0.1:29173/. */
  webUrl: string;
  /** The API base for the journey's own calls (the web origin, which forwards /base/api, will do). */
  apiUrl: string;
  /** The chain's JSON-RPC: the wallet's reads and raw transactions, and the journey's checks. */
  rpcUrl: string;
  /** 97 in the rehearsal, 31337 in the e2e stack. */
  chainId: number;
  /** The deployments JSON the server reads (domain/deployments.ts). */
  deploymentsFile: string;
  /** The API's DATA_DIR: verification mail lands in `<dataDir>/outbox/` (no SMTP_URL). */
  dataDir: string;
  /** The journey's user: native coin and USDT in the wallet (JOURNEY_NEEDS). */
  user: LocalAccount;
  /** Signs up first; the user registers with its invitation code. */
  inviter: LocalAccount;
  /** Wallets of ADMIN_ADDRESSES; the first adds the journey's product in the operator console. */
  admins: LocalAccount[];
  /** True in the rehearsal: only the journey's browser accepts the self-signed certificate. */
  ignoreHttpsErrors: boolean;
  screenshotsDir: string;
  /** chainMs: the longest wait for one thing the chain or the server's jobs do (default 5 minutes). */
  timeouts?: { chainMs?: number };
  log: (line: string) => void;
  /**
   * Gives the user `microUsdt` of withdrawable USDT. A new account has none on the day it buys:
   * an order's income is paid from the next day on (domain/settlement-day.ts, `firstEarningDay`),
   * and nothing else credits it at once. Without this the withdrawal step stops and says so.
   * `withdrawableFromLedger` (test/rehearsal/journey/ledger-credit.ts) is one, on the API's database.
   */
  creditWithdrawable?: (address: Address, microUsdt: bigint) => Promise<void>;
  /**
   * Called when the journey waits for the chain's clock to pass `timestamp` (the end of the
   * lottery round it joined). The rehearsal leaves it out: its chain keeps the wall clock. The e2e
   * stack's rounds last an hour, so its test moves the clock there.
   */
  chainTimeReaches?: (timestamp: bigint) => Promise<void>;
}

/** What the journey spends, as decimal amounts: fund the user with more (gas comes on top of the native coin). */
export const JOURNEY_AMOUNTS = {
  /** Recharged into the shop's spendable balance. */
  rechargeUsdt: "30",
  /** The price of the product the admin adds and the user buys. */
  productUsdt: "10",
  /** Withdrawn to the wallet (at least WITHDRAW_MIN_USDT). */
  withdrawUsdt: "10",
  /** Swapped for PEX, which is then staked. */
  swapNative: "0.05",
  /** Lottery entries bought (each at the round's ticket price, 1 USDT by default). */
  lotteryEntries: 2,
} as const;

/** What the user's wallet needs: JOURNEY_AMOUNTS plus room for gas and a ticket price above 1 USDT. */
export const JOURNEY_NEEDS = { usdt: "40", native: "0.2" } as const;

/** What the steps share: the browser, the chain, the people, and what one step leaves for the next. */
export interface JourneyState {
  browser: Browser;
  chain: JourneyChain;
  chainMs: number;
  inviter?: Actor;
  user?: Actor;
  admin?: Actor;
  invitation?: { code: string; link: string };
  product?: { id: number; title: string };
  /** The round the user joined. */
  round?: bigint;
  /** The page the current step works on: its screenshot when it fails. */
  page?: Page;
}

type Step = { name: string; title: string; run: (ctx: JourneyContext, s: JourneyState) => Promise<Page | undefined> };

/** The steps in order; each answers the page to take its screenshot of. */
export const JOURNEY_STEPS: readonly Step[] = [
  { name: "inviter-signs-up", title: "the inviter signs in and registers", run: inviterSignsUp },
  { name: "user-signs-up-invited", title: "the user registers with the invitation, bound on chain", run: userSignsUpInvited },
  { name: "recharge", title: "the user recharges USDT on chain", run: userRecharges },
  { name: "admin-adds-product", title: "an admin adds a product in the console", run: adminAddsProduct },
  { name: "buy", title: "the user buys the product", run: userBuys },
  { name: "withdraw", title: "the user withdraws USDT and the payout confirms", run: userWithdraws },
  { name: "swap", title: "the user swaps the native coin for PEX", run: swapsForPex },
  { name: "stake", title: "the user stakes the PEX", run: stakesPex },
  { name: "lottery-join", title: "the user joins a lottery round", run: lotteryJoins },
  { name: "lottery-draw", title: "the round is drawn and the page shows it", run: lotteryDraws },
];

export interface JourneyResult {
  /** Seconds each step took, in order. */
  steps: { name: string; seconds: number }[];
}

/**
 * The production rehearsal's browser journey (issue 29, item 4): each step as a user does it
 * in headless Chromium at phone size, with a wallet that signs for itself (no unlocked account
 * at the node) and a screenshot after each. Throws at the first failed step, naming it; a
 * Content-Security-Policy violation or a hydration error fails the step that caused it.
 */
export async function runJourney(ctx: JourneyContext): Promise<JourneyResult> {
  if (ctx.admins.length === 0) throw new Error("the journey needs an admin (ADMIN_ADDRESSES) to add its product");
  const browser = await launchBrowser();
  const s: JourneyState = { browser, chain: journeyChain(ctx), chainMs: ctx.timeouts?.chainMs ?? 300_000 };
  const result: JourneyResult = { steps: [] };
  // What an earlier page left behind is not this journey's to answer for.
  takeCspViolations();
  takeHydrationErrors();
  try {
    for (const [index, step] of JOURNEY_STEPS.entries()) {
      const label = `${String(index + 1).padStart(2, "0")}-${step.name}`;
      ctx.log(`journey ${label}: ${step.title} …`);
      const started = Date.now();
      let page: Page | undefined;
      try {
        page = await step.run(ctx, s);
        const faults = [...takeCspViolations(), ...takeHydrationErrors()];
        if (faults.length > 0) throw new Error(`the browser reported: ${faults.join("; ")}`);
      } catch (err) {
        const open = page ?? s.page;
        if (open) await screenshot(open, `journey-${label}-failed`, ctx.screenshotsDir).catch(() => undefined);
        throw new Error(`journey step ${label} (${step.title}) failed: ${(err as Error).message}`, { cause: err });
      }
      const seconds = (Date.now() - started) / 1000;
      result.steps.push({ name: step.name, seconds });
      if (page) {
        // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `journey-${label}`, ctx.screenshotsDir);
      }
      ctx.log(`journey ${label}: done in ${seconds.toFixed(1)} s`);
    }
    return result;
  } finally {
    for (const actor of [s.inviter, s.user, s.admin]) await actor?.context.close().catch(() => undefined);
    await browser.close();
  }
}
