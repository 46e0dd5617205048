/*
 * Signing an ERC-2612 permit (see ADR-0199): the token's EIP-712 domain and the
 * owner's nonce read from the chain, the deadline from the chain's clock, the typed data of
 * domain/permit.ts signed by the wallet. Loaded on the first permit, like the write code
 * (chain-writes.ts): a page that only reads does not carry it.
 */
import { isAddressEqual, recoverTypedDataAddress, type Address, type Hex } from "viem";
import type { Config } from "wagmi";
import { getBlock, readContract, signTypedData } from "wagmi/actions";
import { permitDeadline, permitTypedData, type SignedPermit } from "@domain/permit";
import { permitSignatureParts } from "@domain/permit-signature";
import { pexAbi } from "@generated/abi/pex";
import { isUserRejection } from "../wallet/tx-error";
import { markPermitUnavailable } from "./permit-support";

export interface PermitAsk {
  /** PEX or USDB: both are OpenZeppelin's ERC20Permit, so PEX's ABI reads either. */
  token: Address;
  owner: Address;
  spender: Address;
  value: bigint;
}

/** The wallet gave no permit the token would accept; the account approves and acts from now on. */
export class PermitUnavailableError extends Error {
  override name = "PermitUnavailableError";
}

export async function signPermit(config: Config, ask: PermitAsk): Promise<SignedPermit> {
  const [[, name, version, chainId, verifyingContract], nonce, block] = await Promise.all([
    readContract(config, { address: ask.token, abi: pexAbi, functionName: "eip712Domain" }),
    readContract(config, { address: ask.token, abi: pexAbi, functionName: "nonces", args: [ask.owner] }),
    // The chain's clock, not the device's: a local chain runs ahead, a phone's clock may be off.
    getBlock(config),
  ]);
  const deadline = permitDeadline(block.timestamp);
  const typed = permitTypedData(
    { name, version, chainId, verifyingContract },
    { owner: ask.owner, spender: ask.spender, value: ask.value, nonce, deadline },
  );
  let signature: Hex;
  try {
    signature = await signTypedData(config, { account: ask.owner, ...typed });
  } catch (error) {
    if (isUserRejection(error)) throw error;
    // A wallet without typed-data signing: sending a transaction still works.
    markPermitUnavailable(ask.owner);
    throw new PermitUnavailableError("The wallet cannot sign a permit", { cause: error });
  }
  // A contract wallet answers with a signature of its own kind (ERC-1271), which the token's
  // ECDSA check would refuse on chain after a fee: refuse it here, before sending anything.
  const signer = await recoverTypedDataAddress({ ...typed, signature }).catch(() => null);
  if (!signer || !isAddressEqual(signer, ask.owner)) {
    markPermitUnavailable(ask.owner);
    throw new PermitUnavailableError("The wallet's signature is not a permit of this account");
  }
  return { deadline, ...permitSignatureParts(signature) };
}
