/**
 * How deep a chain event must be before the server acts on it, and how long it keeps checking
 * that it stayed. Pure numbers, shared by the server's configuration and its documentation.
 */

/** The local Hardhat chain: it has no reorganisations of its own, so one block is enough. */
export const LOCAL_CHAIN_ID = 31337;
export const BSC_CHAIN_ID = 56;

/**
 * Blocks an event needs (its own block counts as one) before it is credited, unless
 * `CHAIN_CONFIRMATIONS` says otherwise: 1 locally, 15 on BSC (its fast-finality validators
 * finalise within about that many blocks), 12 anywhere else (the customary figure for
 * Ethereum-like chains).
 */
export function defaultConfirmations(chainId: number): number {
  if (chainId === LOCAL_CHAIN_ID) return 1;
  if (chainId === BSC_CHAIN_ID) return 15;
  return 12;
}

/**
 * Blocks below the head within which credits are re-checked against the canonical chain (and the
 * recharge cursor rewinds after a reorganisation), unless `CHAIN_REORG_WINDOW_BLOCKS` says
 * otherwise: four times the confirmations and at least 64 (two Ethereum epochs, after which a
 * block is finalised). A credit older than the window is final.
 */
export function defaultReorgWindow(confirmations: number): number {
  return Math.max(64, 4 * confirmations);
}
