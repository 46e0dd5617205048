import { parseSiweMessage } from "viem/siwe";
import { describe, expect, it } from "vitest";
import { SIGN_IN_STATEMENT, SIGN_IN_TTL_MS, buildSignInMessage } from "@/features/auth/utils/siwe-message";
import { describeSignInError, isUserRejection } from "@/features/auth/utils/sign-in-error";
import { ApiError } from "@/lib/api-error";

describe("sign-in message", () => {
  it("is an EIP-4361 message with the fields the server checks", () => {
    const now = new Date("2025-01-01T00:00:00.000Z");
    const message = buildSignInMessage({
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      chainId: 31337,
      nonce: "abcdef1234567890",
      host: "127.0.0.1:5173",
      origin: "http://127.0.0.1:5173",
      now,
    });
    const parsed = parseSiweMessage(message);
    expect(parsed).toMatchObject({
      domain: "127.0.0.1:5173",
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      statement: SIGN_IN_STATEMENT,
      uri: "http://127.0.0.1:5173",
      version: "1",
      chainId: 31337,
      nonce: "abcdef1234567890",
    });
    expect(parsed.issuedAt?.getTime()).toBe(now.getTime());
    expect(parsed.expirationTime?.getTime()).toBe(now.getTime() + SIGN_IN_TTL_MS);
  });
});

describe("sign-in errors", () => {
  const t = ((key: string, opts?: { message?: string }) => (opts?.message ? `${key}:${opts.message}` : key)) as never;

  it("recognises a wallet's refusal anywhere in the cause chain", () => {
    expect(isUserRejection({ name: "X", cause: { code: 4001 } })).toBe(true);
    expect(isUserRejection(new Error("boom"))).toBe(false);
    expect(describeSignInError({ name: "UserRejectedRequestError" }, t)).toBe("login.error.rejected");
  });

  it("shows the server's message for an API error, else the wallet's short message", () => {
    expect(describeSignInError(new ApiError(401, "Signature does not match the address"), t)).toBe(
      "Signature does not match the address",
    );
    expect(describeSignInError({ shortMessage: "Chain mismatch", message: "long" }, t)).toBe(
      "login.error.generic:Chain mismatch",
    );
  });
});
