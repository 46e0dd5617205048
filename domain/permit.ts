import type { Address, Hex } from "viem";

/**
 * ERC-2612 permits for our own tokens (PEX, USDB): the typed data a holder signs so that a
 * `…WithPermit` call approves and acts in one transaction (see ADR-0199).
 * The web app and the contract tests build the same message here.
 */
export const PERMIT_TYPES = {
  Permit: [
    { name: "owner", type: "address" },
    { name: "spender", type: "address" },
    { name: "value", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

/** A token's EIP-712 domain as its `eip712Domain()` (ERC-5267) reports it. */
export interface PermitDomain {
  name: string;
  version: string;
  chainId: bigint | number;
  verifyingContract: Address;
}

export interface PermitRequest {
  owner: Address;
  spender: Address;
  value: bigint;
  /** The token's `nonces(owner)` now: a permit is valid for that nonce only. */
  nonce: bigint;
  /** Unix seconds. */
  deadline: bigint;
}

/**
 * How long a signed permit stays valid: long enough for a slow wallet and a busy chain, short
 * enough that a signature left unused (a closed tab) soon means nothing.
 */
export const PERMIT_LIFETIME_SECONDS = 20n * 60n;

/** The deadline of a permit signed at `nowSeconds`. */
export function permitDeadline(nowSeconds: bigint): bigint {
  return nowSeconds + PERMIT_LIFETIME_SECONDS;
}

/**
 * The most an acceleration may charge when the app quoted `fee`: the fee is priced from the PEX
 * average in the block that mines it, which may have moved since the quote, so the permit is a
 * ceiling 1 % above the quote (rounded up); `SPexFeeAboveMax` refuses anything higher.
 */
export function feeCeiling(fee: bigint): bigint {
  return fee + (fee + 99n) / 100n;
}

/** The typed data to sign (viem's `signTypedData` parameters without the account). */
export function permitTypedData(domain: PermitDomain, request: PermitRequest) {
  return {
    domain: {
      name: domain.name,
      version: domain.version,
      chainId: Number(domain.chainId),
      verifyingContract: domain.verifyingContract,
    },
    types: PERMIT_TYPES,
    primaryType: "Permit" as const,
    message: request,
  };
}

/** A signed permit as a `…WithPermit` function takes it: the deadline and `v, r, s`. */
export interface SignedPermit {
  deadline: bigint;
  v: number;
  r: Hex;
  s: Hex;
}

/** EIP-7702: an account's code that only delegates to another contract (0xef0100 ‖ address). */
const DELEGATION_DESIGNATOR = /^0xef0100[0-9a-f]{40}$/i;

/**
 * Whether the account with `code` can sign a permit the token accepts. ERC-2612 as OpenZeppelin's
 * `ERC20Permit` checks it recovers a plain ECDSA signature of the owner's key, so an ordinary
 * account (no code) can, and so can one that delegates its code (EIP-7702: its key still signs);
 * a contract wallet (a Safe, a smart account) signs with ERC-1271 only, which the token refuses,
 * so it approves and then acts instead.
 */
export function canSignPermits(code: Hex | null | undefined): boolean {
  return code == null || code === "0x" || DELEGATION_DESIGNATOR.test(code);
}
