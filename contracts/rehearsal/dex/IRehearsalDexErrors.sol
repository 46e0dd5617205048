// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IRehearsalDexErrors
/// @notice The errors of the rehearsal's DEX (`RehearsalDexFactory`, `RehearsalDexPair`,
/// `RehearsalDexRouter`): each names the refusal that PancakeSwap V2 gives as a reason string.
interface IRehearsalDexErrors {
    /// @notice `createPair` with the same token on both sides.
    /// @param token the token given twice
    error RehearsalDexFactoryIdenticalTokens(address token);

    /// @notice `createPair` with address(0) as one of the tokens.
    error RehearsalDexFactoryZeroAddress();

    /// @notice `createPair` for two tokens that already have their pair.
    /// @param pair the existing pair
    error RehearsalDexFactoryPairExists(address pair);

    /// @notice `mint` that would give no LP tokens (or, on the first one, no more than the
    /// `MINIMUM_LIQUIDITY` that stays locked).
    error RehearsalDexPairInsufficientLiquidityMinted();

    /// @notice `burn` with no LP tokens in the pair, or so few that one side pays out nothing.
    error RehearsalDexPairInsufficientLiquidityBurned();

    /// @notice `swap` that asks for nothing out.
    error RehearsalDexPairInsufficientOutputAmount();

    /// @notice `swap` that asks for the whole reserve of a token, or more.
    error RehearsalDexPairInsufficientLiquidity();

    /// @notice `swap` that would send to one of the pair's own tokens.
    /// @param to the token contract given as receiver
    error RehearsalDexPairInvalidTo(address to);

    /// @notice `swap` for which nothing came in.
    error RehearsalDexPairInsufficientInputAmount();

    /// @notice `swap` that would leave the product of the balances, less the 0.25 % fee on what
    /// came in, below the product of the reserves before: more out than the input pays for.
    error RehearsalDexPairInvariant();

    /// @notice A balance above 2**112 - 1: the reserves (and the cumulative prices' fixed
    /// point) hold 112 bits.
    /// @param balance0 the pair's balance of token0
    /// @param balance1 the pair's balance of token1
    error RehearsalDexPairOverflow(uint256 balance0, uint256 balance1);

    /// @notice `swap` with callback data: this DEX offers no flash swaps.
    error RehearsalDexPairFlashSwapUnsupported();

    /// @notice A router call mined after its deadline.
    /// @param deadline the deadline the call gave
    error RehearsalDexRouterExpired(uint256 deadline);

    /// @notice A path shorter than two tokens, with a token twice in a row or address(0), or
    /// not starting (ETH in) or ending (ETH out) with WBNB.
    error RehearsalDexRouterInvalidPath();

    /// @notice A hop of the path between two tokens that have no pair.
    /// @param tokenA one token of the hop
    /// @param tokenB the other token of the hop
    error RehearsalDexRouterPairMissing(address tokenA, address tokenB);

    /// @notice A quote of an amount of zero.
    error RehearsalDexRouterZeroAmount();

    /// @notice A quote from an empty pool, or of as much as its whole reserve out, or more.
    error RehearsalDexRouterInsufficientLiquidity();

    /// @notice A swap whose output would be below the least the caller accepts.
    /// @param amountOut what the swap would pay
    /// @param amountOutMin the least the caller accepts
    error RehearsalDexRouterInsufficientOutputAmount(uint256 amountOut, uint256 amountOutMin);

    /// @notice Liquidity whose amount of `token`, at the pool's ratio, would be below the least
    /// the caller accepts.
    /// @param token the token short of its minimum
    /// @param amount what the pool's ratio would take of it
    /// @param minimum the least the caller accepts
    error RehearsalDexRouterBelowMinimum(address token, uint256 amount, uint256 minimum);

    /// @notice BNB sent to the router by another account than WBNB: it would stay there.
    /// @param sender who sent it
    error RehearsalDexRouterUnexpectedEther(address sender);
}
