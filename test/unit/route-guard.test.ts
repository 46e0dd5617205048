import { beforeEach, describe, expect, it } from "vitest";
import { redirectIfLoggedInLoader, requireAuthLoader } from "@/app/require-auth";

function args(url: string) {
  return { request: new Request(url), params: {}, context: undefined } as unknown as Parameters<typeof requireAuthLoader>[0];
}

beforeEach(() => localStorage.clear());

describe("protected pages", () => {
  it("send a signed-out visitor to login and remember the page", () => {
    const result = requireAuthLoader(args("http://localhost/pages/my/my?tab=2"));
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe("/pages/login/login");
    expect(localStorage.getItem("redirect")).toBe("/pages/my/my?tab=2");
  });

  it("let a signed-in visitor through", () => {
    localStorage.setItem("token", "t");
    expect(requireAuthLoader(args("http://localhost/pages/my/my"))).toBeNull();
    expect(localStorage.getItem("redirect")).toBeNull();
  });

  it("the login page sends a signed-in visitor to the my page, or to the page it was sent from", async () => {
    const login = args("http://localhost/pages/login/login");
    expect(await redirectIfLoggedInLoader(login)).toBeNull();
    localStorage.setItem("address", "0xabc");
    expect(((await redirectIfLoggedInLoader(login)) as Response).headers.get("Location")).toBe("/pages/my/my");
    localStorage.setItem("redirect", "/pages/my/bank");
    expect(((await redirectIfLoggedInLoader(login)) as Response).headers.get("Location")).toBe("/pages/my/bank");
    expect(localStorage.getItem("redirect")).toBeNull();
  });
});
