/**
 * Signs ERC-2612 permits for the contract tests, with the message the web app builds
 * (domain/permit.ts) and the domain the token reports (`eip712Domain`).
 */
import type { Address } from "viem";
import { permitDeadline, permitTypedData, type SignedPermit } from "../../../domain/permit";
import { permitSignatureParts } from "../../../domain/permit-signature";
import type { WalletClient } from "../../../scripts/protocol/contracts";
import { now, type World } from "./fixture";

type PermitToken = World["pex"] | World["usdb"];

export type { SignedPermit };

/**
 * `signer`'s permit for `spender` to spend `value` of `token` on behalf of `owner` (the signer
 * unless a test forges another owner), valid until `deadline` (twenty minutes by default).
 */
export async function signPermit(
  w: World,
  token: PermitToken,
  signer: WalletClient,
  spender: Address,
  value: bigint,
  options: { owner?: Address; deadline?: bigint; nonce?: bigint } = {},
): Promise<SignedPermit> {
  const owner = options.owner ?? signer.account.address;
  const [, name, version, chainId, verifyingContract] = await token.read.eip712Domain();
  const nonce = options.nonce ?? (await token.read.nonces([owner]));
  const deadline = options.deadline ?? permitDeadline(await now(w));
  const typed = permitTypedData({ name, version, chainId, verifyingContract }, { owner, spender, value, nonce, deadline });
  const signature = await signer.signTypedData({ account: signer.account, ...typed });
  return { deadline, ...permitSignatureParts(signature) };
}
