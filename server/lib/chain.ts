import fs from "node:fs";
import { createPublicClient, defineChain, http, type Chain, type PublicClient } from "viem";
import { z } from "zod";
import type { Deployments } from "../../domain/deployments";
import { nativeCurrencyOf, type NativeCurrency } from "../../domain/native-currency";
import type { AppConfig } from "../config";

type ChainConfig = Pick<AppConfig, "chainId" | "rpcUrl"> & { nativeCurrency?: NativeCurrency };

/** The configured chain for viem: its id, RPC and native coin (ETH locally, BNB on BSC). */
export function chainOf(config: ChainConfig): Chain {
  return defineChain({
    id: config.chainId,
    name: `chain ${config.chainId}`,
    nativeCurrency: config.nativeCurrency ?? nativeCurrencyOf(config.chainId),
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });
}

export function createChainClient(config: ChainConfig): PublicClient {
  // One retry and a short timeout: a job pass that cannot reach the node ends and tries next interval.
  // No cache: viem otherwise answers getBlockNumber from a 4-second cache, and a stale head would
  // make a just-mined payout look unconfirmed.
  return createPublicClient({
    chain: chainOf(config),
    cacheTime: 0,
    transport: http(config.rpcUrl, { retryCount: 1, timeout: 15_000 }),
  });
}

const hex = (bytes: number) =>
  z.string().regex(new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`)) as unknown as z.ZodType<`0x${string}`>;
const deploymentsSchema = z.object({
  chainId: z.number().int().positive(),
  genesisHash: hex(32),
  startBlock: z.number().int().min(0),
  deployedAt: z.string(),
  contracts: z.record(z.string(), hex(20)),
  daoRoot: hex(20).optional(),
  usdtDecimals: z.number().int().min(0).max(36).optional(),
  dex: z.object({ feeBps: z.number().int().min(0).max(9_999) }).optional(),
  vrf: z.object({ subscriptionId: z.string().regex(/^\d+$/), keyHash: hex(32) }).optional(),
});

/** The chain's contracts the jobs need. */
export interface ChainContracts {
  deployments: Deployments;
  usdt: `0x${string}`;
  game: `0x${string}`;
}

/**
 * Reads the deployments file (written by scripts/deploy.ts). Null when it does not exist (no
 * chain configured); an error when it is malformed, names another chain or lacks usdt/game.
 */
export function readChainContracts(file: string, chainId: number): ChainContracts | null {
  if (!fs.existsSync(file)) return null;
  const parsed = deploymentsSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`Deployments file ${file} is malformed: ${z.prettifyError(parsed.error)}`);
  const deployments = parsed.data;
  if (deployments.chainId !== chainId)
    throw new Error(`Deployments file ${file} is for chain ${deployments.chainId}, the server is configured for ${chainId}`);
  const { usdt, game } = deployments.contracts;
  if (!usdt || !game) throw new Error(`Deployments file ${file} must name the usdt and game contracts`);
  return { deployments, usdt, game };
}

/**
 * The deployments file as a job that runs for the server's life reads it on every pass: parsed
 * again only when it changed (a redeploy needs no restart, an unchanged file costs one stat).
 * Null while the file is missing, or when it cannot be used (then `onError` hears why).
 */
export function chainContractsReader(
  file: string,
  chainId: number,
  onError?: (err: unknown) => void,
): () => ChainContracts | null {
  let cached: { mtimeMs: number; value: ChainContracts | null } | null = null;
  return () => {
    try {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat) return null;
      if (!cached || cached.mtimeMs !== stat.mtimeMs)
        cached = { mtimeMs: stat.mtimeMs, value: readChainContracts(file, chainId) };
      return cached.value;
    } catch (err) {
      onError?.(err);
      return null;
    }
  };
}
