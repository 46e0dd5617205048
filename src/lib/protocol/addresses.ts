import deployments from "virtual:deployments";

/** Addresses of the deployed protocol (scripts/deploy.ts); undefined when the build has no deployment. */
export const protocolAddress = {
  pex: deployments?.contracts.pex,
  spex: deployments?.contracts.spex,
  usdb: deployments?.contracts.usdb,
  win: deployments?.contracts.win,
  win1: deployments?.contracts.win1,
  dao: deployments?.contracts.dao,
  front: deployments?.contracts.front,
  ido: deployments?.contracts.ido,
  weth: deployments?.contracts.weth,
  uniswapRouter: deployments?.contracts.uniswapRouter,
  pexEthPair: deployments?.contracts.pexEthPair,
  pexUsdbPair: deployments?.contracts.pexUsdbPair,
} as const;

export const PEX_DECIMALS = 18;
