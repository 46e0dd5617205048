import type { Page } from "playwright-core";

/**
 * Signs in through the real login page as a user would: connect (RainbowKit dialog, the
 * injected test wallet), sign the Sign-In with Ethereum message, land on the my page.
 */
export async function signInThroughUi(page: Page, webUrl: string): Promise<void> {
  await page.goto(`${webUrl}#/pages/login/login`);
  await page.getByTestId("connect-wallet").click();
  await page
    .getByRole("button", { name: /Test Wallet|Browser Wallet|Injected/i })
    .first()
    .click();
  const signIn = page.getByTestId("sign-in");
  // The page may start signing by itself once connected; click only when it waits for us.
  await Promise.race([
    signIn.click({ timeout: 15_000 }).catch(() => undefined),
    page.waitForURL(/#\/pages\/my\/my/, { timeout: 15_000 }).catch(() => undefined),
  ]);
  await page.waitForURL(/#\/pages\/my\/my/, { timeout: 30_000 });
}
