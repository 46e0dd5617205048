import type { Address } from "viem";
import { createSiweMessage } from "viem/siwe";

/** Part of the signed message, checked by nobody but read by the user: kept in English. */
export const SIGN_IN_STATEMENT = "Sign in to PEX";
export const SIGN_IN_TTL_MS = 10 * 60_000;

export interface SignInMessageInput {
  address: Address;
  chainId: number;
  nonce: string;
  /** window.location.host: the server accepts only its own web app's host. */
  host: string;
  /** window.location.origin. */
  origin: string;
  now?: Date;
}

/** The EIP-4361 message the wallet signs to sign in. */
export function buildSignInMessage({ address, chainId, nonce, host, origin, now = new Date() }: SignInMessageInput): string {
  return createSiweMessage({
    domain: host,
    address,
    statement: SIGN_IN_STATEMENT,
    uri: origin,
    version: "1",
    chainId,
    nonce,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + SIGN_IN_TTL_MS),
  });
}
