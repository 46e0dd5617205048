/*
 * Signing an ERC-2612 permit (see ADR-0199): the token's EIP-712 domain and the
 * owner's nonce read from the chain, the deadline from the chain's clock, the typed data of
 * domain/permit.ts signed by the wallet. Loaded on the first permit, like the write code
 * (chain-writes.ts): a page that only reads does not carry it.
 */
import type { Address } from "viem";
import type { Config } from "wagmi";
import { getBlock, readContract, signTypedData } from "wagmi/actions";
import { permitDeadline, permitSignatureParts, permitTypedData, type SignedPermit } from "@domain/permit";
import { pexAbi } from "@generated/abi/pex";

export interface PermitAsk {
  /** PEX or USDB: both are OpenZeppelin's ERC20Permit, so PEX's ABI reads either. */
  token: Address;
  owner: Address;
  spender: Address;
  value: bigint;
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
  const signature = await signTypedData(config, { account: ask.owner, ...typed });
  return { deadline, ...permitSignatureParts(signature) };
}
