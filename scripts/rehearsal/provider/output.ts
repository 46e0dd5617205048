/**
 * The provider's output file: every address the rest of the rehearsal needs, written as each
 * contract is mined so that a rerun reuses what exists. It names the chain (id and genesis block)
 * so that it is never applied to another chain's contracts.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Address, Hex } from "viem";

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/) as unknown as z.ZodType<Address>;
const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/) as unknown as z.ZodType<Hex>;

export const providerOutputSchema = z.object({
  chainId: z.number().int().positive(),
  genesisHash: hash,
  /** The provider's account: USDT issuer, feed updater, VRF subscription owner. */
  provider: address,
  usdt: address.optional(),
  /** USDT minted to each holder, in base units (18 decimals), as a decimal string. */
  usdtMints: z.record(z.string(), z.string().regex(/^[0-9]+$/)).default({}),
  /** Wrapped BNB: what the router's `WETH()` answers. */
  wbnb: address.optional(),
  factory: address.optional(),
  router: address.optional(),
  /** keccak256 of the pair's creation code: where the router (and CREATE2) finds a pair. */
  initCodeHash: hash.optional(),
  /** BNB/USD, Chainlink AggregatorV3 with 8 decimals. */
  feed: address.optional(),
  vrfCoordinator: address.optional(),
  /** The block of the coordinator's deployment: where the fulfiller starts reading requests. */
  vrfStartBlock: z.number().int().nonnegative().optional(),
  /** The VRF v2.5 subscription (a uint256), as a decimal string. */
  subscriptionId: z
    .string()
    .regex(/^[1-9][0-9]*$/)
    .optional(),
  keyHash: hash.optional(),
});

export type ProviderOutput = z.infer<typeof providerOutputSchema>;
export type CompleteOutput = Required<ProviderOutput>;

export function readOutput(file: string): ProviderOutput | null {
  if (!fs.existsSync(file)) return null;
  return providerOutputSchema.parse(JSON.parse(fs.readFileSync(file, "utf8")));
}

/** Writes through a temporary file, so a reader (or a crash) never meets half a file. */
export function writeOutput(file: string, output: ProviderOutput): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(output, null, 2) + "\n");
  fs.renameSync(tmp, file);
}

const REQUIRED = [
  "usdt",
  "wbnb",
  "factory",
  "router",
  "initCodeHash",
  "feed",
  "vrfCoordinator",
  "vrfStartBlock",
  "subscriptionId",
  "keyHash",
] as const;

/** The output of a finished deploy; fails naming what is missing. */
export function readCompleteOutput(file: string): CompleteOutput {
  const output = readOutput(file);
  if (!output) throw new Error(`${file} does not exist: run the provider's deploy first`);
  const missing = REQUIRED.filter((key) => output[key] === undefined);
  if (missing.length) throw new Error(`${file} lacks ${missing.join(", ")}: rerun the provider's deploy`);
  return output as CompleteOutput;
}

/**
 * The environment under which scripts/deploy.ts adopts the provider's contracts instead of
 * deploying its own (the feed under both its present name and the one it is being renamed to).
 */
export function deployEnvironment(output: CompleteOutput): Record<string, string> {
  return {
    USDT_ADDRESS: output.usdt,
    ETH_USD_FEED: output.feed,
    NATIVE_USD_FEED: output.feed,
    UNISWAP_V2_ROUTER: output.router,
    VRF_COORDINATOR: output.vrfCoordinator,
    VRF_KEY_HASH: output.keyHash,
    VRF_SUBSCRIPTION_ID: output.subscriptionId,
  };
}
