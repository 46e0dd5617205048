import type { Page } from "playwright-core";
import type { Address } from "viem";
import { expect } from "vitest";
import type { protocolChain } from "./protocol-chain";

type Chain = ReturnType<typeof protocolChain>;

/** The wallet calls that put a prompt in front of the user. */
const PROMPTS = new Set(["eth_sendTransaction", "eth_signTypedData_v4", "personal_sign", "wallet_sendCalls"]);

/**
 * Runs `act` and answers the wallet prompts it caused and the transactions `sender` sent (its
 * nonce's move: the account itself, or a smart wallet's owner), once `settled` says the page is done.
 */
export async function countPrompts(
  page: Page,
  chain: Chain,
  sender: Address,
  act: () => Promise<void>,
  settled: () => Promise<unknown>,
) {
  const walletCalls = () => page.evaluate(() => (window as unknown as { __walletCalls: string[] }).__walletCalls.slice());
  const sent = () => chain.publicClient.getTransactionCount({ address: sender });
  const callsBefore = (await walletCalls()).length;
  const nonceBefore = await sent();
  await act();
  await settled();
  const prompts = (await walletCalls()).slice(callsBefore).filter((m) => PROMPTS.has(m));
  return { prompts, transactions: (await sent()) - nonceBefore };
}

/** Waits for the runner shown as `testId` (in `scope`) to reach `phase`. */
export const phaseOf = (scope: Pick<Page, "getByTestId">, testId: string, phase = "confirmed") =>
  expect.poll(() => scope.getByTestId(testId).getAttribute("data-phase"), { timeout: 30_000 }).toBe(phase);
