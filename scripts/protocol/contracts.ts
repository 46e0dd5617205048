/**
 * Typed handles on the protocol's contracts for scripts and tests. Types come from the ABIs that
 * `wagmi generate` writes (imported as types only, so nothing generated is needed at run time);
 * the bytecode and run-time ABIs come from Hardhat's artifacts.
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { GetContractReturnType, PublicClient, WalletClient } from "@nomicfoundation/hardhat-viem/types";
import { BaseError, ContractFunctionRevertedError, getContract, type Hash, type TransactionReceipt } from "viem";
import type * as abis from "../../generated/abis";

export type Abis = typeof abis;
export type { PublicClient, WalletClient };

/** A deployed contract, typed by its generated ABI, e.g. `Typed<"spexAbi">`. */
export type Typed<K extends keyof Abis> = GetContractReturnType<Abis[K]>;

/** Deploys artifact `name` from the deployer and types it by ABI `K`. */
export async function deploy<K extends keyof Abis>(
  hre: HardhatRuntimeEnvironment,
  name: string,
  args: unknown[],
  deployer: WalletClient,
): Promise<Typed<K>> {
  const contract = await hre.viem.deployContract(name, args, { client: { wallet: deployer } });
  return contract as unknown as Typed<K>;
}

/** The same contract, sending from `wallet`. */
export function connect<C extends { abi: readonly unknown[]; address: `0x${string}` }>(
  contract: C,
  wallet: WalletClient,
  publicClient: PublicClient,
): C {
  return getContract({ abi: contract.abi, address: contract.address, client: { public: publicClient, wallet } }) as unknown as C;
}

/** Waits for a transaction and fails unless it succeeded. */
export async function mined(publicClient: PublicClient, hash: Hash | Promise<Hash>): Promise<TransactionReceipt> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
  if (receipt.status !== "success") throw new Error(`transaction ${receipt.transactionHash} reverted`);
  return receipt;
}

/** The custom error a failed call or transaction reverted with, if any. */
export function revertErrorName(err: unknown): string | undefined {
  if (err instanceof BaseError) {
    const revert = err.walk((e) => e instanceof ContractFunctionRevertedError);
    if (revert instanceof ContractFunctionRevertedError && revert.data?.errorName) return revert.data.errorName;
  }
  // Hardhat reports reverts in a message: "reverted with custom error 'Name(…)'", for a read
  // sometimes only in the innermost cause of an "unknown RPC error".
  const texts: string[] = [];
  for (let e: unknown = err; e && texts.length < 10; e = (e as { cause?: unknown }).cause) {
    texts.push(e instanceof Error ? `${e.message} ${(e as { details?: string }).details ?? ""}` : String(e));
  }
  return /reverted with custom error '(\w+)\(/.exec(texts.join(" "))?.[1];
}
