import { render } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { InviteQr } from "@/features/invite/components/share-popup";
import { invitationLink } from "@/features/invite/utils/invitation-link";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

describe("invitation link and QR", () => {
  it("is the site root, the login hash route and the invitationCode parameter", () => {
    expect(invitationLink("DEMA2345", "https://pex.example/")).toBe(
      "https://pex.example/#/pages/login/login?invitationCode=DEMA2345",
    );
    expect(invitationLink("DEMA2345", "https://pex.example")).toBe(
      "https://pex.example/#/pages/login/login?invitationCode=DEMA2345",
    );
    expect(invitationLink("A B&C", "https://x.test/")).toBe("https://x.test/#/pages/login/login?invitationCode=A%20B%26C");
  });

  it("encodes exactly the link, with the logo in the centre and high error correction", () => {
    const link = invitationLink("DEMA2345", "https://pex.example/");
    const { container } = render(<InviteQr link={link} />);
    const svg = container.querySelector("svg")!;
    expect(svg.getAttribute("data-value")).toBe(link);
    const logo = svg.querySelector("image")!;
    expect(logo.getAttribute("href")).toBe("/favicon.svg");
    const size = Number(svg.getAttribute("height"));
    const x = Number(logo.getAttribute("x"));
    const width = Number(logo.getAttribute("width"));
    const viewBox = svg.getAttribute("viewBox")!.split(" ").map(Number);
    // Centred: equal room on both sides in the code's own units.
    expect(x * 2 + width).toBeCloseTo(viewBox[2]!, 5);
    expect(size).toBe(220);
    // The path of the modules is the encoding of `link`: a different link gives a different path.
    const other = render(<InviteQr link={invitationLink("DEMB2345", "https://pex.example/")} />).container;
    expect(other.querySelectorAll("path")[1]?.getAttribute("d")).not.toBe(svg.querySelectorAll("path")[1]?.getAttribute("d"));
  });
});
