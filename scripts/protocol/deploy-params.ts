/**
 * The protocol's durations (and the first pool's size) from a parameters file (DEPLOY_PARAMS_FILE): a rehearsal sets its
 * epochs, seniority, proposals, bond vesting and the PEX average's window in minutes so that its
 * journey sees them pass on a chain whose time moves only with the clock (ADR-0207). A live
 * deployment leaves the file out and keeps the defaults (scripts/protocol/protocol-config.ts).
 * Every duration is whole seconds; an unknown name is refused, so a misspelt one never silently
 * keeps a week-long default. The contracts' setters enforce their own bounds on top.
 */
import fs from "node:fs";
import { parseEther } from "viem";
import { z } from "zod";
import type { ProtocolConfig } from "./protocol-config";

const seconds = z.number().int().positive();
/** Whole tokens as a decimal string ("0.5"), so that 18-decimal amounts stay exact. */
const tokens = z.string().regex(/^[0-9]+(\.[0-9]{1,18})?$/, 'whole tokens as a decimal string, e.g. "0.5"');

export const deployParamsSchema = z
  .object({
    epochLength: seconds,
    firstRebaseIn: seconds,
    warmup: z.number().int().nonnegative(),
    maxPriceAge: seconds,
    twapWindow: seconds,
    twapMaxAge: seconds,
    idoDuration: seconds,
    proposalDuration: seconds,
    seniorityPeriod: seconds,
    bondVesting: seconds,
    /** The PEX-native pool's first liquidity (100,000 PEX and 100 of the native coin by default): a testnet faucet gives far less. */
    poolPex: tokens,
    poolNative: tokens,
  })
  .partial()
  .strict();

export type DeployParams = z.infer<typeof deployParamsSchema>;

/** The overrides `params` makes to `base` (only the durations it names). */
export function applyDeployParams(base: ProtocolConfig, params: DeployParams): ProtocolConfig {
  const twap = {
    ...base.twap,
    ...(params.twapWindow !== undefined ? { window: params.twapWindow } : {}),
    ...(params.twapMaxAge !== undefined ? { maxAge: params.twapMaxAge } : {}),
  };
  if (twap.maxAge < 2 * twap.window) throw new Error(`twapMaxAge (${twap.maxAge}) must be at least two windows (${twap.window})`);
  const vesting = params.bondVesting === undefined ? undefined : BigInt(params.bondVesting);
  return {
    ...base,
    epochLength: params.epochLength ?? base.epochLength,
    firstRebaseIn: params.firstRebaseIn ?? base.firstRebaseIn,
    warmup: params.warmup ?? base.warmup,
    maxPriceAge: params.maxPriceAge ?? base.maxPriceAge,
    twap,
    idoDuration: params.idoDuration ?? base.idoDuration,
    proposalDuration: params.proposalDuration === undefined ? base.proposalDuration : BigInt(params.proposalDuration),
    seniorityPeriod: params.seniorityPeriod === undefined ? base.seniorityPeriod : BigInt(params.seniorityPeriod),
    liquidity: {
      pex: params.poolPex === undefined ? base.liquidity.pex : parseEther(params.poolPex),
      eth: params.poolNative === undefined ? base.liquidity.eth : parseEther(params.poolNative),
    },
    ethBond: vesting === undefined ? base.ethBond : { ...base.ethBond, vesting },
    lpBond: vesting === undefined ? base.lpBond : { ...base.lpBond, vesting },
  };
}

/** The parameters in DEPLOY_PARAMS_FILE, or none; fails naming the file and the bad field. */
export function deployParamsFromEnv(env: NodeJS.ProcessEnv): DeployParams {
  const file = env.DEPLOY_PARAMS_FILE;
  if (!file) return {};
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`DEPLOY_PARAMS_FILE ${file}: ${(err as Error).message}`, { cause: err });
  }
  const parsed = deployParamsSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `DEPLOY_PARAMS_FILE ${file}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`).join("; ")}`,
    );
  return parsed.data;
}
