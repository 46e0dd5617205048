// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IUniswapV2TwapOracleErrors
/// @notice The refusals of `UniswapV2TwapOracle`, the PEX-ETH average bonds and acceleration fees
/// are priced from.
interface IUniswapV2TwapOracleErrors {
    /// @notice No average yet: the first window after deployment has not passed.
    error UniswapV2TwapOracleNoAverage();

    /// @notice The average would begin `age` seconds ago, more than `maxAge`: observe again.
    error UniswapV2TwapOracleStale(uint256 age, uint256 maxAge);

    /// @notice The spot price strays from the average beyond the bound (both 18 decimals).
    error UniswapV2TwapOracleSpotDeviation(uint256 spot, uint256 average, uint256 maxDeviationBps);

    /// @notice `update()` before the window has passed since the last observation.
    error UniswapV2TwapOracleUpdateNotDue(uint256 dueAt);

    /// @notice Settings out of their bounds, or a base token the pair does not hold.
    error UniswapV2TwapOracleInvalidTerms();
}
