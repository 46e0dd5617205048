import type { Page } from "playwright-core";

/**
 * Signs in through the real login page as a user of a wallet app's browser would: one tap on
 * "Connect wallet" connects the injected test wallet (the page's only one) and goes straight on
 * to the Sign-In with Ethereum signature; the page lands on the my page.
 */
export async function signInThroughUi(page: Page, webUrl: string): Promise<void> {
  await page.goto(`${webUrl}#/pages/login/login`);
  await page.getByTestId("connect-wallet").click();
  await page.waitForURL(/#\/pages\/my\/my/, { timeout: 30_000 });
}
