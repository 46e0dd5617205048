/**
 * APY of the rebase: each epoch every staked balance grows by `rate / denominator`, so a year of
 * `epochsPerYear` epochs compounds to (1 + r)^n − 1. Computed in 18-decimal fixed point with
 * bigints (no float), rounded down at each step, so the result never overstates the yield.
 */
export const WAD = 10n ** 18n;
export const YEAR_SECONDS = 365n * 86400n;

function wadMul(a: bigint, b: bigint): bigint {
  return (a * b) / WAD;
}

function wadPow(base: bigint, exponent: bigint): bigint {
  let result = WAD;
  let b = base;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = wadMul(result, b);
    b = wadMul(b, b);
    e >>= 1n;
  }
  return result;
}

export function epochsPerYear(epochLengthSeconds: bigint): bigint {
  if (epochLengthSeconds <= 0n) return 0n;
  return YEAR_SECONDS / epochLengthSeconds;
}

/** APY as an 18-decimal fraction (1e18 = 100 %). */
export function apyWad(rewardRate: bigint, denominator: bigint, epochLengthSeconds: bigint): bigint {
  if (denominator <= 0n || rewardRate < 0n) return 0n;
  const growth = WAD + (rewardRate * WAD) / denominator;
  return wadPow(growth, epochsPerYear(epochLengthSeconds)) - WAD;
}

/** Per-epoch rate as an 18-decimal fraction. */
export function rateWad(rewardRate: bigint, denominator: bigint): bigint {
  return denominator <= 0n ? 0n : (rewardRate * WAD) / denominator;
}
