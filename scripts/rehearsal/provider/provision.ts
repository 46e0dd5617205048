/**
 * Everything the provider puts on the rehearsal's chain before the project deploys: USDT (18
 * decimals) minted to the given holders, a DEX with PancakeSwap V2's fee and interface, a BNB/USD
 * feed and a VRF v2.5 coordinator with a funded subscription. Each address is written to the output file as soon as
 * it is mined; a rerun with the same file reuses what it names (after checking that it is the
 * same chain and that the code is there) and deploys only what is missing.
 */
import { getAddress, type Address, type Hex } from "viem";
import { routerAbi } from "../../protocol/uniswap";
import { feedBuild, usdtBuild } from "./builds";
import { deployDex } from "./dex";
import { readCompleteOutput, readOutput, writeOutput, type CompleteOutput, type ProviderOutput } from "./output";
import type { ProviderSigner } from "./signer";
import { deployVrf } from "./vrf";

/** Chainlink's BNB/USD answers with 8 decimals. */
export const FEED_DECIMALS = 8;
export const FEED_DESCRIPTION = "BNB / USD";

export interface ProvisionOptions {
  /** BNB/USD with 8 decimals: the feed's first answer (needed until the feed exists). */
  bnbUsd?: bigint;
  /** USDT to mint, in base units (18 decimals); a holder already minted to is skipped. */
  holders: { address: Address; amount: bigint }[];
  /** The VRF key hash requests must name (default: vrf.ts's). */
  keyHash?: Hex;
}

const CONTRACT_KEYS = ["usdt", "wbnb", "factory", "router", "feed", "vrfCoordinator"] as const;

/** The output to build on: the file's, checked against this chain and account, or a new one. */
async function startingPoint(signer: ProviderSigner, file: string): Promise<ProviderOutput> {
  const { publicClient, account } = signer;
  const chainId = await publicClient.getChainId();
  const genesisHash = (await publicClient.getBlock({ blockNumber: 0n })).hash;
  const existing = readOutput(file);
  if (!existing) return { chainId, genesisHash, provider: account.address, usdtMints: {} };
  if (existing.chainId !== chainId || existing.genesisHash !== genesisHash)
    throw new Error(
      `${file} describes chain ${existing.chainId} with genesis ${existing.genesisHash}, not this one: use another file`,
    );
  if (existing.provider.toLowerCase() !== account.address.toLowerCase())
    throw new Error(`${file} was deployed by ${existing.provider}, not by this keystore's ${account.address}`);
  for (const key of CONTRACT_KEYS) {
    const address = existing[key];
    if (address && !(await publicClient.getCode({ address })))
      throw new Error(`${file} names ${key} ${address}, which has no code on this chain`);
  }
  return existing;
}

export async function provision(signer: ProviderSigner, file: string, opts: ProvisionOptions): Promise<CompleteOutput> {
  const output = await startingPoint(signer, file);
  const save = (found: Partial<ProviderOutput>) => {
    Object.assign(output, found);
    writeOutput(file, output);
  };
  save({});
  const provider = signer.account.address;

  const dex = await deployDex(signer, output, save);
  const router = { abi: routerAbi, address: dex.router };
  const [factory, wbnb] = await Promise.all([
    signer.publicClient.readContract({ ...router, functionName: "factory" }),
    signer.publicClient.readContract({ ...router, functionName: "WETH" }),
  ]);
  if (getAddress(factory) !== getAddress(dex.factory) || getAddress(wbnb) !== getAddress(dex.wbnb))
    throw new Error(`router ${dex.router} is not bound to factory ${dex.factory} and WBNB ${dex.wbnb}`);

  if (!output.usdt) save({ usdt: (await signer.deploy("RehearsalUsdt", usdtBuild(), [provider])).address });
  const usdt = { abi: usdtBuild().abi, address: output.usdt! };
  for (const { address, amount } of opts.holders) {
    const holder = getAddress(address);
    if (output.usdtMints[holder] !== undefined) continue;
    await signer.write(usdt, "mint", [holder, amount]);
    console.log(`minted ${amount} USDT base units to ${holder}`);
    save({ usdtMints: { ...output.usdtMints, [holder]: amount.toString() } });
  }

  if (!output.feed) {
    if (opts.bnbUsd === undefined || opts.bnbUsd <= 0n) throw new Error("the BNB/USD feed needs a positive first answer");
    const args = [provider, FEED_DECIMALS, FEED_DESCRIPTION, opts.bnbUsd];
    save({ feed: (await signer.deploy("RehearsalPriceFeed", feedBuild(), args)).address });
  }

  await deployVrf(signer, output, opts.keyHash, save);
  return readCompleteOutput(file);
}
