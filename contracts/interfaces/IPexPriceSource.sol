// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IPexPriceSource
/// @notice Where `SPEX` reads the PEX price in USDB (implemented by `Front`).
interface IPexPriceSource {
    /// @notice Price of 1 PEX in USDB, 18 decimals.
    function getPexUSDBPrice() external view returns (uint256);
}
