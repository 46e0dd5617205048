// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title ITreasuryErrors
/// @notice The errors of `Treasury`.
interface ITreasuryErrors {
    /// @notice Assets were to be sent to address(0).
    error TreasuryZeroAddress();

    /// @notice An amount of 0 was to be moved.
    error TreasuryZeroAmount();

    /// @notice Sending `amount` ETH to `to` failed.
    error TreasuryEthTransferFailed(address to, uint256 amount);
}
