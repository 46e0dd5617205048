// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IPexPriceSource
/// @notice Where `SPEX` reads the PEX price in USDB (implemented by `Front`).
interface IPexPriceSource {
    /// @notice Price of 1 PEX in USDB, 18 decimals, at the pool's spot reserves (for display).
    function getPexUSDBPrice() external view returns (uint256);

    /// @notice Price of 1 PEX in USDB, 18 decimals, from the pool's time-weighted average: what
    /// `updateAndGetPexUSDBAveragePrice` would answer in this block. Reverts when the average
    /// is missing or stale, or the spot price strays from it beyond the bound.
    function getPexUSDBAveragePrice() external view returns (uint256);

    /// @notice `getPexUSDBAveragePrice`, after recording a new observation of the pool when the
    /// window has passed since the last one: what a fee or a quote is charged at.
    function updateAndGetPexUSDBAveragePrice() external returns (uint256);
}
