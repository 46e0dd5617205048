import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TeamScreen } from "@/features/team/components/team-screen";
import { renderWithClient } from "../support/render-with-client";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

let fetchMock: ReturnType<typeof vi.fn>;
let invites: unknown;
beforeEach(() => {
  invites = { list: [], total: 0, page: 1, limit: 10 };
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: "ok", data }));
    if (url.endsWith("/user/team/info")) return ok({ directCount: 1, teamSize: 12, teamPerformance: "1234500000" });
    if (url.endsWith("/user/teams")) {
      const { page } = JSON.parse(String(init?.body)) as { page: number };
      const list = [{ address: `0xmember${page}`, nickname: null, level: page, registeredAt: 0, performance: "2000000" }];
      return ok({ list, total: 12, page, limit: 10 });
    }
    if (url.includes("/user/invite/records/")) return ok(invites);
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("team screen", () => {
  it("shows the figures, pages through the members and the empty invitations", async () => {
    renderWithClient(<TeamScreen />);
    await waitFor(() => expect(screen.getByTestId("team-size").textContent).toBe("12"));
    expect(screen.getByTestId("team-performance").textContent).toBe("1,234.50 USDT");
    const members = await screen.findByTestId("team-members");
    expect(members.textContent).toContain("0xmember1");
    expect(screen.getByTestId("empty")).toBeTruthy(); // no invitations
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(screen.getByTestId("team-members").textContent).toContain("0xmember2"));
    expect(screen.getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(true);
  });

  it("marks each direct invitation on chain, or still being bound there", async () => {
    invites = {
      list: [
        { address: "0xnew0…0001", nickname: null, registeredAt: 0, onChain: false },
        { address: "0xold0…0002", nickname: "Bob", registeredAt: 0, onChain: true },
      ],
      total: 2,
      page: 1,
      limit: 10,
    };
    renderWithClient(<TeamScreen />);
    await screen.findByTestId("invite-records");
    const badges = screen.getAllByTestId("invite-record-chain").map((b) => b.textContent);
    expect(badges).toEqual(["Binding on chain…", "On chain"]);
  });
});
