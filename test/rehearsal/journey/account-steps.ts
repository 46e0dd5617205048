import type { Page } from "playwright-core";
import { isAddressEqual } from "viem";
import { shortenAddress } from "../../../domain/address";
import { daoAbi } from "../../../generated/abis";
import type { JourneyContext, JourneyState } from "../journey";
import { appUrl, openActor, register, signIn, snap, UI_MS, userInfo, waitUntil } from "./support";

/** The inviter signs in with the wallet, registers (no inviter of its own), and opens its invitation to share. */
export async function inviterSignsUp(ctx: JourneyContext, s: JourneyState): Promise<Page> {
  const inviter = (s.inviter = await openActor(ctx, s.browser, "the inviter", ctx.inviter));
  const { page } = inviter;
  s.page = page;
  if (await signIn(inviter, appUrl(ctx, "#/pages/login/login?lang=en"))) await register(ctx, inviter);
  await page.goto(appUrl(ctx, "#/pages/my/my?lang=en"));
  await page.getByTestId("entry-share").click({ timeout: UI_MS });
  const link = await waitUntil(
    "the invitation link in the share popup",
    async () => (await page.getByTestId("invite-link").textContent())?.trim() || undefined,
    UI_MS,
  );
  const code = ((await page.getByTestId("share-code").textContent()) ?? "").trim();
  const own = (await userInfo(ctx, inviter)).invitation;
  if (code !== own) throw new Error(`the share popup shows the code ${code}, the account's is ${own}`);
  if (!link.endsWith(`invitationCode=${encodeURIComponent(code)}`))
    throw new Error(`the invitation link ${link} is not of ${code}`);
  s.invitation = { code, link };
  return page;
}

/**
 * The user opens the inviter's link, signs in, registers with the code the link filled in, and
 * waits until the DAO contract reports the inviter bound on chain (the server's invite binder
 * sends `bindInvitersFor`).
 */
export async function userSignsUpInvited(ctx: JourneyContext, s: JourneyState): Promise<Page> {
  const invitation = s.invitation!;
  const user = (s.user = await openActor(ctx, s.browser, "the user", ctx.user));
  const { page } = user;
  s.page = page;
  if (!(await signIn(user, invitation.link)))
    throw new Error(`${ctx.user.address} was registered before: it cannot register with the invitation`);
  const filled = await page.getByTestId("register-invitation").inputValue();
  if (filled !== invitation.code)
    throw new Error(`the registration form took the code ${filled} from the link, not ${invitation.code}`);
  await register(ctx, user);
  await waitUntil(
    "the my page showing the inviter's code",
    async () => ((await page.getByTestId("inviter").textContent()) ?? "").trim() === invitation.code || undefined,
    UI_MS,
  );

  await snap(ctx, page, "02a-user-registered");

  const dao = s.chain.contract("dao");
  const inviterOf = () =>
    s.chain.client.readContract({ address: dao, abi: daoAbi, functionName: "inviterOf", args: [ctx.user.address] });
  await waitUntil(
    "the DAO to report the inviter bound on chain (the invite binder)",
    async () => isAddressEqual(await inviterOf(), ctx.inviter.address) || undefined,
    s.chainMs,
    1000,
  );
  // The inviter's team page marks the member as on chain once the server has seen the binding.
  const team = s.inviter!.page;
  s.page = team;
  await team.goto(appUrl(ctx, "#/pages/team/team?lang=en"));
  const badge = team
    .getByTestId("invite-record")
    .filter({ hasText: shortenAddress(ctx.user.address.toLowerCase()) })
    .getByTestId("invite-record-chain");
  let looks = 0;
  await waitUntil(
    "the inviter's team page marking the user on chain",
    async () => {
      if (((await badge.getAttribute("class")) ?? "").includes("status-badge--success")) return true;
      // Pulled again now and then, as a user refreshes a page that does not move.
      if (++looks % 10 === 0) await team.reload();
      return undefined;
    },
    s.chainMs,
  );
  return team;
}
