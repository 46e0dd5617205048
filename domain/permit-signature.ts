import { type Hex, parseSignature } from "viem";
import type { SignedPermit } from "./permit";

// Apart from permit.ts: viem's parseSignature brings the secp256k1 curve (about 10 KB gzip), which
// a page needs only once it sends a permit, not to decide whether it can (permit.ts's checks load
// with every spending page).

/** The `v, r, s` a `…WithPermit` function takes, from a 65-byte signature. */
export function permitSignatureParts(signature: Hex): Omit<SignedPermit, "deadline"> {
  const { v, r, s, yParity } = parseSignature(signature);
  return { v: v !== undefined ? Number(v) : yParity + 27, r, s };
}
