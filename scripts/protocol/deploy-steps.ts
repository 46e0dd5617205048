/**
 * The deployment's steps as the journal (./deploy-journal.ts) runs them: a contract from an
 * artifact, a call checked against its ABI.
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import {
  encodeDeployData,
  encodeFunctionData,
  getContract,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type EncodeFunctionDataParameters,
  type Hex,
} from "viem";
import type { Abis, PublicClient, Typed, WalletClient } from "./contracts";
import type { DeployJournal, TxRequest } from "./deploy-journal";

/** A call of `functionName` on `contract` as a step's transaction, its arguments checked against the ABI. */
export function txOf<const TAbi extends Abi, F extends ContractFunctionName<TAbi, "nonpayable" | "payable">>(
  contract: { abi: TAbi; address: Address },
  functionName: F,
  args: ContractFunctionArgs<TAbi, "nonpayable" | "payable", F>,
  value?: bigint,
): TxRequest {
  const data = encodeFunctionData({ abi: contract.abi, functionName, args } as unknown as EncodeFunctionDataParameters);
  return { to: contract.address, data, ...(value === undefined ? {} : { value }) };
}

/**
 * Deploys artifact `name` as the journal's step `key` (skipped when an earlier run did it) and
 * types it by ABI `K`; writes go from `deployer`.
 */
export async function deployStep<K extends keyof Abis>(
  hre: HardhatRuntimeEnvironment,
  journal: DeployJournal,
  key: string,
  name: string,
  args: unknown[],
  clients: { publicClient: PublicClient; deployer: WalletClient },
): Promise<Typed<K>> {
  const artifact = await hre.artifacts.readArtifact(name);
  const data = encodeDeployData({ abi: artifact.abi as Abi, bytecode: artifact.bytecode as Hex, args });
  const address = await journal.create(key, { name: `${artifact.sourceName}:${artifact.contractName}`, args }, data);
  const client = { public: clients.publicClient, wallet: clients.deployer };
  return getContract({ abi: artifact.abi as Abi, address, client }) as unknown as Typed<K>;
}
