// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice The two bonds the desk sells: ETH to treasury 1, or ETH paired into the PEX-ETH pool.
enum BondKind {
    Eth,
    Lp
}
