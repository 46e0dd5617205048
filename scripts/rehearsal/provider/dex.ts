/**
 * The rehearsal's DEX: the project's own constant-product exchange with PancakeSwap V2's fee and
 * interface (contracts/rehearsal/dex/: RehearsalWbnb, RehearsalDexFactory, RehearsalDexRouter),
 * deployed from Hardhat's artifacts. The protocol talks to it through Uniswap V2's interface
 * (scripts/protocol/uniswap.ts), as it will talk to PancakeSwap on BNB Smart Chain; what differs
 * from Uniswap is the fee, 0.25 % (9975/10000 in the router, 25/10000 in the pair's check), and
 * the pair's init-code hash, which the factory answers (`INIT_CODE_PAIR_HASH()`) and this module
 * hands on in the output file.
 */
import { keccak256, type Address, type Hex } from "viem";
import { dexFactoryBuild, dexPairBuild, dexRouterBuild, wbnbBuild } from "./builds";
import type { ProviderSigner } from "./signer";

export interface Dex {
  wbnb: Address;
  factory: Address;
  router: Address;
  initCodeHash: Hex;
}

/** keccak256 of the pair's creation code in the present build: what a factory deployed from it answers. */
export const builtPairInitCodeHash = (): Hex => keccak256(dexPairBuild().bytecode);

/** The factory's own word on where its pairs live; refused if it disagrees with what the output recorded. */
async function factoryInitCodeHash(signer: ProviderSigner, factory: Address, recorded?: Hex): Promise<Hex> {
  const initCodeHash = await signer.publicClient.readContract({
    abi: dexFactoryBuild().abi,
    address: factory,
    functionName: "INIT_CODE_PAIR_HASH",
  });
  if (recorded && recorded !== initCodeHash)
    throw new Error(`the output records pair init-code hash ${recorded}, factory ${factory} answers ${initCodeHash}`);
  return initCodeHash;
}

/**
 * Deploys what `existing` lacks, recording each address through `save` as soon as it is mined
 * (a rerun then reuses it). The factory has no owner and no protocol fee, so there is nothing
 * for the provider's account to set; the router reads the factory's init-code hash when it is
 * deployed, and the output takes it from the factory too.
 */
export async function deployDex(
  signer: ProviderSigner,
  existing: Partial<Dex>,
  save: (found: Partial<Dex>) => void,
): Promise<Dex> {
  const wbnb = existing.wbnb ?? (await signer.deploy("RehearsalWbnb", wbnbBuild(), [])).address;
  save({ wbnb });
  const factory = existing.factory ?? (await signer.deploy("RehearsalDexFactory", dexFactoryBuild(), [])).address;
  const initCodeHash = await factoryInitCodeHash(signer, factory, existing.initCodeHash);
  save({ factory, initCodeHash });
  const router = existing.router ?? (await signer.deploy("RehearsalDexRouter", dexRouterBuild(), [factory, wbnb])).address;
  save({ router });
  return { wbnb, factory, router, initCodeHash };
}
