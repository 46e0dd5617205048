import { z } from "zod";
import { userInfo } from "./user";

/* Sign-In with Ethereum: `user/nonce` and `user/login`. */

/**
 * GET user/nonce: a one-time nonce and when it was issued and expires (server clock, ms since
 * the epoch): the sign-in message is dated with `issuedAt`, not the device's clock.
 */
export const nonceReply = z.object({ nonce: z.string(), issuedAt: z.number().int(), expiresAt: z.number().int() });
export type Nonce = z.infer<typeof nonceReply>;

/** POST user/login: a signed EIP-4361 message. */
export const loginBody = z.strictObject({
  deviceId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, "deviceId must be letters, digits and dashes"),
  message: z.string().min(1).max(2000),
  // 65 bytes from an ordinary account; a contract wallet's (ERC-1271, ERC-6492) may be longer.
  signature: z
    .string()
    .regex(/^0x(?:[0-9a-fA-F]{2}){65,4096}$/, "signature must be a hex string of 65 to 4096 bytes")
    // The pattern has just proved the 0x prefix viem's Hex type stands for.
    .transform((v) => v as `0x${string}`),
});
export type LoginInput = z.input<typeof loginBody>;

/** The session token (sent once: only its hash is stored) and the account. */
export const loginReply = z.object({ token: z.string(), userInfo });
export type LoginResult = z.infer<typeof loginReply>;
