import type { RouteObject } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { RequireAuth } from "@/app/route-guards";
import { routes } from "@/app/router";
import { SIGN_IN_FIRST } from "@/config/landing-pages";
import { sendToSignIn } from "@/boot/sign-in-first";
import { storageKeys } from "@/lib/session";

/** The paths the router puts behind `RequireAuth` (wildcards aside: the console's). */
function guardedPaths(list: RouteObject[], guarded = false): string[] {
  return list.flatMap((route) => {
    const inside = guarded || (route.element as { type?: unknown } | undefined)?.type === RequireAuth;
    const own = route.path && inside && !route.path.includes("*") ? [route.path] : [];
    return [...own, ...guardedPaths(route.children ?? [], inside)];
  });
}

beforeEach(() => {
  localStorage.clear();
});

describe("a page behind sign-in opened without a session (src/boot/sign-in-first.ts)", () => {
  it("names exactly the pages the router guards", () => {
    expect([...SIGN_IN_FIRST].sort()).toEqual(guardedPaths(routes).sort());
  });

  it("goes to sign-in before the app arrives, keeping the link's parameters, and remembers the page", () => {
    window.location.hash = "#/pages/protocol/stake?lang=cn&invitationCode=AB12CD34";
    expect(sendToSignIn()).toBe(true);
    expect(window.location.hash).toBe("#/pages/login/login?lang=cn&invitationCode=AB12CD34");
    expect(localStorage.getItem(storageKeys.redirect)).toBe("/pages/protocol/stake?lang=cn&invitationCode=AB12CD34");
  });

  it("leaves a signed-in visitor, a public page and the dashboard where they are", () => {
    for (const [hash, key] of [
      ["#/pages/protocol/stake", storageKeys.token],
      ["#/pages/protocol/lottery", storageKeys.address],
      ["#/pages/protocol/dashboard", null],
      ["#/pages/index/index", null],
      ["#/pages/goods-detail/goods-detail?id=1", null],
    ] as const) {
      localStorage.clear();
      if (key) localStorage.setItem(key, "x");
      window.location.hash = hash;
      expect(sendToSignIn(), hash).toBe(false);
      expect(window.location.hash).toBe(hash);
      expect(localStorage.getItem(storageKeys.redirect)).toBeNull();
    }
  });
});
