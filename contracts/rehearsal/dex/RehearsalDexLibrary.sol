// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRehearsalDexErrors} from "./IRehearsalDexErrors.sol";

/// @title IRehearsalDexReserves
/// @notice What the router reads of a pair.
interface IRehearsalDexReserves {
    /// @notice The reserves of token0 and token1 and the last block time (mod 2**32) they moved.
    /// @return reserve0 the reserve of token0
    /// @return reserve1 the reserve of token1
    /// @return blockTimestampLast the block time of the last update, modulo 2**32
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
}

/// @title RehearsalDexLibrary
/// @notice The DEX's fee, its constant-product quotes and where a pair lives: one place for the
/// numbers the pair checks and the router quotes, so that the two cannot disagree.
library RehearsalDexLibrary {
    /// @notice The fee on every swap's input, in basis points: PancakeSwap V2's 0.25 %, which
    /// the protocol will meet on BNB Smart Chain (Uniswap V2 takes 30).
    uint256 internal constant FEE_BPS = 25;
    /// @notice Basis points in one.
    uint256 internal constant BPS = 10_000;

    /// @notice The two tokens in a pair's order (lower address first); refuses a pair of a
    /// token with itself or with address(0), which no pair has.
    /// @param tokenA one token
    /// @param tokenB the other token
    /// @return token0 the lower address
    /// @return token1 the higher address
    function sortTokens(address tokenA, address tokenB) internal pure returns (address token0, address token1) {
        if (tokenA == tokenB) revert IRehearsalDexErrors.RehearsalDexRouterInvalidPath();
        (token0, token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        if (token0 == address(0)) revert IRehearsalDexErrors.RehearsalDexRouterInvalidPath();
    }

    /// @notice Where the factory's CREATE2 puts the pair of two tokens: computed, not asked, so
    /// a swap costs no call to the factory (EIP-1014: the salt is the sorted pair of tokens).
    /// @param factory the factory
    /// @param initCodeHash keccak256 of the pair's creation code (the factory's
    /// `INIT_CODE_PAIR_HASH`)
    /// @param tokenA one token
    /// @param tokenB the other token
    /// @return pair the pair's address (with or without code)
    function pairFor(
        address factory,
        bytes32 initCodeHash,
        address tokenA,
        address tokenB
    ) internal pure returns (address pair) {
        (address token0, address token1) = sortTokens(tokenA, tokenB);
        bytes32 salt = keccak256(abi.encodePacked(token0, token1));
        pair = address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), factory, salt, initCodeHash)))));
    }

    /// @notice The reserves of a pair in the order of the tokens given; refuses a pair that was
    /// never created (its address has no code) by name rather than by a failed call.
    /// @param pair the pair of `tokenA` and `tokenB` (from `pairFor`)
    /// @param tokenA one token
    /// @param tokenB the other token
    /// @return reserveA the pair's reserve of `tokenA`
    /// @return reserveB the pair's reserve of `tokenB`
    function getReserves(
        address pair,
        address tokenA,
        address tokenB
    ) internal view returns (uint256 reserveA, uint256 reserveB) {
        if (pair.code.length == 0) revert IRehearsalDexErrors.RehearsalDexRouterPairMissing(tokenA, tokenB);
        (uint256 reserve0, uint256 reserve1, ) = IRehearsalDexReserves(pair).getReserves();
        (address token0, ) = sortTokens(tokenA, tokenB);
        (reserveA, reserveB) = tokenA == token0 ? (reserve0, reserve1) : (reserve1, reserve0);
    }

    /// @notice `amountA` at the pool's present ratio, without fee: what liquidity must add of
    /// the other token to leave the price where it is.
    /// @param amountA an amount of token A
    /// @param reserveA the pool's reserve of token A
    /// @param reserveB the pool's reserve of token B
    /// @return amountB the amount of token B worth as much, rounded down
    function quote(uint256 amountA, uint256 reserveA, uint256 reserveB) internal pure returns (uint256 amountB) {
        if (amountA == 0) revert IRehearsalDexErrors.RehearsalDexRouterZeroAmount();
        if (reserveA == 0 || reserveB == 0) revert IRehearsalDexErrors.RehearsalDexRouterInsufficientLiquidity();
        amountB = (amountA * reserveB) / reserveA;
    }

    /// @notice The most a pool pays out for `amountIn`: the output that keeps the product of the
    /// reserves, counting only the input less the fee; rounded down, so the pair's check passes.
    /// @param amountIn the amount going in
    /// @param reserveIn the pool's reserve of the token going in
    /// @param reserveOut the pool's reserve of the token coming out
    /// @return amountOut amountIn·9975·reserveOut / (reserveIn·10000 + amountIn·9975)
    function getAmountOut(
        uint256 amountIn,
        uint256 reserveIn,
        uint256 reserveOut
    ) internal pure returns (uint256 amountOut) {
        if (amountIn == 0) revert IRehearsalDexErrors.RehearsalDexRouterZeroAmount();
        if (reserveIn == 0 || reserveOut == 0) revert IRehearsalDexErrors.RehearsalDexRouterInsufficientLiquidity();
        uint256 inAfterFee = amountIn * (BPS - FEE_BPS);
        amountOut = (inAfterFee * reserveOut) / (reserveIn * BPS + inAfterFee);
    }

    /// @notice The least input for which a pool pays `amountOut`: the inverse of `getAmountOut`,
    /// rounded up (one more than the floor), so that the input always covers the output.
    /// @param amountOut the amount wanted out
    /// @param reserveIn the pool's reserve of the token going in
    /// @param reserveOut the pool's reserve of the token coming out
    /// @return amountIn reserveIn·amountOut·10000 / ((reserveOut − amountOut)·9975) + 1
    function getAmountIn(
        uint256 amountOut,
        uint256 reserveIn,
        uint256 reserveOut
    ) internal pure returns (uint256 amountIn) {
        if (amountOut == 0) revert IRehearsalDexErrors.RehearsalDexRouterZeroAmount();
        if (reserveIn == 0 || amountOut >= reserveOut)
            revert IRehearsalDexErrors.RehearsalDexRouterInsufficientLiquidity();
        amountIn = (reserveIn * amountOut * BPS) / ((reserveOut - amountOut) * (BPS - FEE_BPS)) + 1;
    }

    /// @notice The amounts along `path` for `amountIn` in: each hop's output is the next one's
    /// input, each priced by its pool's reserves now.
    /// @param factory the factory
    /// @param initCodeHash the pair's init-code hash
    /// @param amountIn the amount of `path[0]` going in
    /// @param path the tokens, first in to last out
    /// @return amounts `amountIn`, then what each hop pays out
    function getAmountsOut(
        address factory,
        bytes32 initCodeHash,
        uint256 amountIn,
        address[] calldata path
    ) internal view returns (uint256[] memory amounts) {
        if (path.length < 2) revert IRehearsalDexErrors.RehearsalDexRouterInvalidPath();
        amounts = new uint256[](path.length);
        amounts[0] = amountIn;
        for (uint256 i = 0; i < path.length - 1; ++i) {
            address pair = pairFor(factory, initCodeHash, path[i], path[i + 1]);
            (uint256 reserveIn, uint256 reserveOut) = getReserves(pair, path[i], path[i + 1]);
            amounts[i + 1] = getAmountOut(amounts[i], reserveIn, reserveOut);
        }
    }

    /// @notice The amounts along `path` for `amountOut` to come out of its end, worked back
    /// from the last hop.
    /// @param factory the factory
    /// @param initCodeHash the pair's init-code hash
    /// @param amountOut the amount of the last token wanted
    /// @param path the tokens, first in to last out
    /// @return amounts what each hop needs in, then `amountOut`
    function getAmountsIn(
        address factory,
        bytes32 initCodeHash,
        uint256 amountOut,
        address[] calldata path
    ) internal view returns (uint256[] memory amounts) {
        if (path.length < 2) revert IRehearsalDexErrors.RehearsalDexRouterInvalidPath();
        amounts = new uint256[](path.length);
        amounts[path.length - 1] = amountOut;
        for (uint256 i = path.length - 1; i > 0; --i) {
            address pair = pairFor(factory, initCodeHash, path[i - 1], path[i]);
            (uint256 reserveIn, uint256 reserveOut) = getReserves(pair, path[i - 1], path[i]);
            amounts[i - 1] = getAmountIn(amounts[i], reserveIn, reserveOut);
        }
    }
}
