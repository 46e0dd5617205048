import { beforeEach, describe, expect, it } from "vitest";
import { endSession } from "@/lib/end-session";
import { queryClient } from "@/lib/react-query";
import {
  KEPT_ON_LOGOUT,
  clearSession,
  getDeviceId,
  getStoredUserInfo,
  isLoggedIn,
  saveLogin,
  storageKeys,
  takeRedirect,
} from "@/lib/session";
import type { UserInfo } from "@/types/api";

const userInfo: UserInfo = {
  address: "0x1234567890abcdef1234567890abcdef12345678",
  type: 1,
  amountCny: "0",
  amountUsdt: "0",
  withdrawUsdt: "0",
  invitation: "ABCDEFGH",
  inviter: null,
  nickname: null,
};

beforeEach(() => localStorage.clear());

describe("login flag", () => {
  it("is false with neither address nor token", () => {
    expect(isLoggedIn()).toBe(false);
  });
  it("is true with a stored token alone", () => {
    localStorage.setItem(storageKeys.token, "t");
    expect(isLoggedIn()).toBe(true);
  });
  it("is true with a stored address alone", () => {
    localStorage.setItem(storageKeys.address, "0xabc");
    expect(isLoggedIn()).toBe(true);
  });
});

describe("saveLogin", () => {
  it("stores token, address, userInfo (JSON) and the invite code", () => {
    saveLogin({ token: "t", address: userInfo.address, userInfo });
    expect(localStorage.getItem("token")).toBe("t");
    expect(localStorage.getItem("address")).toBe(userInfo.address);
    expect(JSON.parse(localStorage.getItem("userInfo")!)).toEqual(userInfo);
    expect(localStorage.getItem("inviteCode")).toBe("ABCDEFGH");
    expect(getStoredUserInfo()).toEqual(userInfo);
  });
});

describe("logout", () => {
  it("keeps only redirect, spread, deviceId and lang", () => {
    for (const key of [
      "token",
      "userInfo",
      "address",
      "inviteCode",
      "tabId",
      "redirect",
      "spread",
      "deviceId",
      "lang",
      "wagmi.store",
    ]) {
      localStorage.setItem(key, `v-${key}`);
    }
    clearSession();
    expect(Object.keys(localStorage).sort()).toEqual(["deviceId", "lang", "redirect", "spread"]);
    expect([...KEPT_ON_LOGOUT].sort()).toEqual(["deviceId", "lang", "redirect", "spread"]);
    expect(isLoggedIn()).toBe(false);
  });

  it("endSession empties cached user info and goes to the login page", () => {
    localStorage.setItem("token", "t");
    queryClient.setQueryData(["user", "info"], userInfo);
    window.location.hash = "#/pages/my/my";
    endSession({ returnTo: "/pages/my/my" });
    expect(queryClient.getQueryData(["user", "info"])).toBeUndefined();
    expect(window.location.hash).toBe("#/pages/login/login");
    expect(localStorage.getItem("redirect")).toBe("/pages/my/my");
    expect(localStorage.getItem("token")).toBeNull();
  });
});

describe("device id", () => {
  it("is created once and survives logout", () => {
    const id = getDeviceId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    clearSession();
    expect(getDeviceId()).toBe(id);
  });
});

describe("redirect", () => {
  it("is read once", () => {
    localStorage.setItem("redirect", "/pages/assets/assets");
    expect(takeRedirect()).toBe("/pages/assets/assets");
    expect(takeRedirect()).toBeNull();
  });
  it("accepts in-app routes only", () => {
    localStorage.setItem("redirect", "//evil.example");
    expect(takeRedirect()).toBeNull();
    localStorage.setItem("redirect", "https://evil.example");
    expect(takeRedirect()).toBeNull();
  });
});
