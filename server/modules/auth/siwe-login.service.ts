import type { Kysely } from "kysely";
import { verifyMessage, type Hex, type PublicClient } from "viem";
import { parseSiweMessage } from "viem/siwe";
import type { LoginResult } from "../../../domain/api/auth";
import type { Database } from "../../db/schema";
import { badRequest, unauthorized } from "../../lib/errors";
import { findOrCreateUser, toUserInfo } from "../user/user.service";
import { consumeNonce } from "./nonce.repository";
import { hashSessionToken, newSessionToken } from "./session-token";
import { insertSession } from "./session.repository";

export interface SiweLoginInput {
  deviceId: string;
  message: string;
  signature: Hex;
}

export interface SiweRules {
  domains: string[];
  /** Origins the message's `uri` may have: http and https of each allowed domain (config). */
  origins: string[];
  chainId: number;
  sessionTtlMs: number;
}

/**
 * How far a message's `issuedAt` may be ahead of the server's clock, or behind its nonce's issue
 * time: the clocks of two server processes, or of a client that dates the message itself.
 */
export const SIWE_CLOCK_SKEW_MS = 60_000;

function originOf(uri: string): string | null {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}

/**
 * Whether `signature` is `address`'s signature of `message`. An ordinary account's (ECDSA) is
 * checked locally; when that fails and a chain is at hand, the chain is asked, which accepts a
 * contract wallet's ERC-1271 signature (a Safe, a smart account) and an ERC-6492 one of a wallet
 * not deployed yet. A chain that cannot be reached counts as "no".
 */
export async function signatureIsValid(
  chain: PublicClient | null,
  address: Hex,
  message: string,
  signature: Hex,
): Promise<boolean> {
  if (await verifyMessage({ address, message, signature }).catch(() => false)) return true;
  if (!chain) return false;
  return chain.verifyMessage({ address, message, signature }).catch(() => false);
}

/**
 * Sign-In with Ethereum (EIP-4361). Order matters: everything that can be checked without
 * state is checked first (domain, uri's origin, chain, dates against the clock), the signature
 * next, and only then is the nonce consumed, so a forged request cannot burn somebody else's
 * nonce. The message must not be dated before its nonce was issued (a message prepared earlier
 * than the nonce it carries is not what the wallet showed now); that refusal rolls the
 * consumption back.
 */
export async function siweLogin(
  db: Kysely<Database>,
  rules: SiweRules,
  input: SiweLoginInput,
  now = Date.now(),
  chain: PublicClient | null = null,
): Promise<LoginResult> {
  const msg = parseSiweMessage(input.message);
  if (
    !msg.address ||
    !msg.nonce ||
    !msg.domain ||
    msg.chainId === undefined ||
    msg.version !== "1" ||
    !msg.uri ||
    !msg.issuedAt ||
    Number.isNaN(msg.issuedAt.getTime())
  ) {
    throw badRequest("signIn.invalidMessage");
  }
  if (!rules.domains.includes(msg.domain)) throw unauthorized("signIn.wrongDomain", { domain: msg.domain });
  const origin = originOf(msg.uri);
  if (origin === null || !rules.origins.includes(origin)) throw unauthorized("signIn.wrongOrigin", { uri: msg.uri });
  if (msg.chainId !== rules.chainId) throw unauthorized("signIn.wrongChain", { chainId: msg.chainId });
  const issuedAt = msg.issuedAt.getTime();
  if (issuedAt > now + SIWE_CLOCK_SKEW_MS) throw unauthorized("signIn.futureMessage");
  if (msg.expirationTime && msg.expirationTime.getTime() <= now) throw unauthorized("signIn.messageExpired");
  if (msg.notBefore && msg.notBefore.getTime() > now) throw unauthorized("signIn.messageNotYetValid");

  if (!(await signatureIsValid(chain, msg.address, input.message, input.signature))) throw unauthorized("signIn.badSignature");

  return db.transaction().execute(async (trx) => {
    const nonceIssuedAt = await consumeNonce(trx, msg.nonce!, now);
    if (nonceIssuedAt === null) throw unauthorized("signIn.nonceUsed");
    if (issuedAt < nonceIssuedAt - SIWE_CLOCK_SKEW_MS) throw unauthorized("signIn.messageBeforeNonce");
    const user = await findOrCreateUser(trx, msg.address!, now);
    const token = newSessionToken();
    await insertSession(trx, {
      tokenHash: hashSessionToken(token),
      userId: user.id,
      deviceId: input.deviceId,
      now,
      expiresAt: now + rules.sessionTtlMs,
    });
    return { token, userInfo: await toUserInfo(trx, user) };
  });
}
