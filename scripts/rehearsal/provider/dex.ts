/**
 * The rehearsal's DEX: PancakeSwap V2 (WBNB, PancakeFactory, PancakeRouter), deployed from the
 * committed builds in dex-build/ (build-dex.ts makes them from dex-src/). The protocol talks to it
 * through Uniswap V2's interface (scripts/protocol/uniswap.ts), which PancakeSwap V2 keeps; what
 * differs is the fee, 0.25 % (9975/10000 in the router, 25/10000 in the pair's K check), and the
 * pair's init-code hash, which this module checks and hands on in the output file.
 */
import fs from "node:fs";
import path from "node:path";
import { keccak256, type Abi, type Address, type Hex } from "viem";
import type { ProviderSigner } from "./signer";

export const DEX_BUILD_DIR = path.join(__dirname, "dex-build");
/** Where dex-src/contracts comes from (its README has the list of files and the licence). */
export const DEX_SOURCE =
  "pancakeswap/pancake-smart-contracts projects/exchange-protocol@d8f55093a43a7e8913f7730cfff3589a46f5c014";

export type DexContract = "PancakeFactory" | "PancakePair" | "PancakeRouter" | "WBNB";

/** One committed build: Hardhat's artifact fields plus where and how it was compiled. */
export interface DexArtifact {
  contractName: DexContract;
  sourceName: string;
  source: string;
  compiler: string;
  settings: unknown;
  abi: unknown[];
  bytecode: string;
  deployedBytecode: string;
  /** The router only: the pair init-code hash compiled into PancakeLibrary.pairFor. */
  pairInitCodeHash?: Hex;
}

export function readDexBuild(name: DexContract): { abi: Abi; bytecode: Hex; pairInitCodeHash?: Hex } {
  const built = JSON.parse(fs.readFileSync(path.join(DEX_BUILD_DIR, `${name}.json`), "utf8")) as DexArtifact;
  return { abi: built.abi as Abi, bytecode: built.bytecode as Hex, pairInitCodeHash: built.pairInitCodeHash };
}

/**
 * keccak256 of the pair's creation code, after checking that the factory deploys exactly that
 * code and the router looks for pairs with that hash (as checkPairInitCodeHash does for Uniswap).
 */
export function checkPancakeInitCodeHash(): Hex {
  const pair = readDexBuild("PancakePair").bytecode;
  const factory = readDexBuild("PancakeFactory").bytecode;
  const router = readDexBuild("PancakeRouter");
  const initCodeHash = keccak256(pair);
  if (!factory.includes(pair.slice(2))) throw new Error("PancakeFactory does not embed the PancakePair build");
  if (router.pairInitCodeHash !== initCodeHash || !router.bytecode.includes(initCodeHash.slice(2)))
    throw new Error(`PancakeRouter was built for another pair init-code hash than ${initCodeHash}`);
  return initCodeHash;
}

export interface Dex {
  wbnb: Address;
  factory: Address;
  router: Address;
  initCodeHash: Hex;
}

/**
 * Deploys what `existing` lacks, recording each address through `save` as soon as it is mined
 * (a rerun then reuses it). The provider's account sets the factory's protocol-fee receiver
 * (`feeToSetter`), as PancakeSwap's does on BNB Smart Chain; it leaves the fee off.
 */
export async function deployDex(
  signer: ProviderSigner,
  existing: Partial<Dex>,
  save: (found: Partial<Dex>) => void,
): Promise<Dex> {
  const initCodeHash = checkPancakeInitCodeHash();
  if (existing.initCodeHash && existing.initCodeHash !== initCodeHash)
    throw new Error(`the recorded DEX has pair init-code hash ${existing.initCodeHash}, this build ${initCodeHash}`);
  const step = async (key: "wbnb" | "factory" | "router", name: DexContract, args: unknown[]) => {
    const found = existing[key] ?? (await signer.deploy(name, readDexBuild(name), args)).address;
    save({ [key]: found, initCodeHash });
    return found;
  };
  const wbnb = await step("wbnb", "WBNB", []);
  const factory = await step("factory", "PancakeFactory", [signer.account.address]);
  const router = await step("router", "PancakeRouter", [factory, wbnb]);
  return { wbnb, factory, router, initCodeHash };
}
