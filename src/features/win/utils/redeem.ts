/** VaultToken.redeem pays `win × vault / supply` USDB, rounded down (docs/contracts.md). */
export function redeemQuote(win: bigint, vault: bigint, supply: bigint): bigint {
  if (supply === 0n || win <= 0n) return 0n;
  return (win * vault) / supply;
}
