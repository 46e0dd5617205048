import { QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import ProtocolStakePreview from "@/app/routes/protocol-stake-preview";
import { StakeBalances, serverBalancesOf } from "@/features/stake/components/stake-balances";
import { myFiguresQueryOptions, type MyFigures } from "@/lib/protocol/my-figures";
import { publicFiguresQueryOptions, type ProtocolFigures } from "@/lib/protocol/public-figures";
import { storageKeys } from "@/lib/session";
import { setupI18n } from "../support/setup";
import { testQueryClient } from "../support/shop-render";

/*
 * The signed-in account's balances as the server read them for its session (ADR-0212): the stake
 * page's preview paints them in the card the wallet's reads fill later, and only for the account
 * on screen.
 */
const E18 = 10n ** 18n;
const ME = "0x1111111111111111111111111111111111111111";
const OTHER = "0x2222222222222222222222222222222222222222";
const block = { number: "1234", timestamp: "1700000000" };
const mine: MyFigures = {
  block,
  address: ME,
  pexBalance: (5n * E18).toString(),
  spexBalance: (7n * E18 + 5n * 10n ** 17n).toString(),
};
const figures: ProtocolFigures = {
  block,
  dashboard: null,
  stake: {
    epochNumber: "42",
    epochEnd: "1700003600",
    epochLength: "28800",
    rewardRate: "3000",
    nextRebase: "1700003600",
    denominator: "1000000",
    totalStaked: (12_345n * E18).toString(),
  },
  bonds: null,
  lottery: null,
};

beforeAll(() => setupI18n("en"));
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_700_000_000_000);
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

function preview(signedInAs: string) {
  localStorage.setItem(storageKeys.token, "a-session-token-of-at-least-twenty-chars");
  localStorage.setItem(storageKeys.address, signedInAs);
  const client = testQueryClient();
  client.setQueryData(publicFiguresQueryOptions().queryKey, { figures });
  client.setQueryData(myFiguresQueryOptions(ME).queryKey, { figures: mine });
  return renderToString(
    <QueryClientProvider client={client}>
      <ProtocolStakePreview />
    </QueryClientProvider>,
  );
}

describe("the account's balances from the server", () => {
  it("are the exact bigints, for the account on screen only (its address in any case)", () => {
    expect(serverBalancesOf(mine, ME)).toEqual({
      pexBalance: 5n * E18,
      spexBalance: 7n * E18 + 5n * 10n ** 17n,
      source: "server",
    });
    expect(serverBalancesOf({ ...mine, address: ME.toUpperCase().replace("0X", "0x") }, ME)).not.toBeNull();
    expect(serverBalancesOf(mine, OTHER)).toBeNull();
    expect(serverBalancesOf(null, ME)).toBeNull();
    expect(serverBalancesOf(mine, undefined)).toBeNull();
  });

  it("the stake preview paints them below the summary, the very card the wallet's reads fill", () => {
    const html = preview(ME);
    const live = renderToString(<StakeBalances pexBalance={5n * E18} spexBalance={7n * E18 + 5n * 10n ** 17n} source="chain" />);
    // The same card but for where its figures came from.
    expect(html).toContain(live.replace('data-source="chain"', 'data-source="server"'));
    expect(html).toContain("5.0000 PEX");
    expect(html).toContain("7.5000 sPEX");
    expect(html.indexOf("stake-balances")).toBeGreaterThan(html.indexOf("As of block #1234"));
  });

  it("another account signed in on this browser never sees them", () => {
    const html = preview(OTHER);
    expect(html).toContain("As of block #1234");
    expect(html).not.toContain("stake-balances");
    expect(html).not.toContain("5.0000 PEX");
  });
});
