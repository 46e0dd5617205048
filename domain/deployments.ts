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
  /**
   * How each contract of `contracts` that this deployment created came to be (keyed alike):
   * the artifact, its constructor arguments (bigints as decimal strings), the creating
   * transaction and its block. Contracts that existed before (the chain's USDT, a Chainlink feed,
   * the DEX) have no entry. What `scripts/verify.ts` submits to the explorer.
   */
  deployed?: Record<string, DeployedContract>;
  /** The compiler our contracts were built with, as the explorer is told. */
  compiler?: CompilerSettings;
  /** USDT's decimals, read from the token (6 on the local stand-in, 18 on BSC). */
  usdtDecimals?: number;
  /** The DEX's swap fee in basis points (30 Uniswap V2, 25 PancakeSwap V2), checked against its router. */
  dex?: { feeBps: number };
  /** The DAO's first root (the deployer): users registered without an inviter are bound under it. */
  daoRoot?: `0x${string}`;
  /** The lottery's Chainlink VRF subscription (decimal uint256) and key hash. */
  vrf?: { subscriptionId: string; keyHash: `0x${string}` };
}

export interface DeployedContract {
  /** Fully qualified artifact name (`contracts/treasury/Treasury.sol:Treasury`), or a published build's name. */
  contract: string;
  /** Constructor arguments as JSON (bigints as decimal strings). */
  args: unknown[];
  txHash: `0x${string}`;
  block: number;
}

export interface CompilerSettings {
  version: string;
  /** The release's long name as explorers list it, e.g. `0.8.28+commit.7893614a`. */
  longVersion: string;
  optimizer: { enabled: boolean; runs: number };
  evmVersion: string;
}
