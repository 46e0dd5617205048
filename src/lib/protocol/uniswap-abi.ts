import { parseAbi } from "viem";

/**
 * The few functions of the published Uniswap V2 contracts the exchange page calls. They are not
 * our contracts (wagmi.config.ts excludes @uniswap/**, whose artifacts carry no typed source), so
 * their standard interface signatures are named here, as scripts/protocol/uniswap.ts does.
 */
export const uniswapRouterAbi = parseAbi([
  "function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)",
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
]);

export const uniswapPairAbi = parseAbi([
  "function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)",
  "function token0() view returns (address)",
]);
