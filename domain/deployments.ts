/**
 * The one generated file that `scripts/deploy.ts` writes and both the web app (at build time,
 * through the `virtual:deployments` module) and the server (at start) read.
 */
export interface Deployments {
  chainId: number;
  /** Hash of block 0: a different value means a new chain, so the server resets its cursors. */
  genesisHash: `0x${string}`;
  /** First block that can hold events of these contracts. */
  startBlock: number;
  deployedAt: string;
  /** Contract name (usdt, game, pex, …, lotteryRandomness, vrfCoordinator) → address. */
  contracts: Record<string, `0x${string}`>;
  /** The DAO's first root (the deployer): users registered without an inviter are bound under it. */
  daoRoot?: `0x${string}`;
  /** The lottery's Chainlink VRF subscription (decimal uint256) and key hash. */
  vrf?: { subscriptionId: string; keyHash: `0x${string}` };
}
