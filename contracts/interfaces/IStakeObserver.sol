// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IStakeObserver
/// @notice Told by `SPEX` whenever an account's staked principal changes (stake, unstake), so the
/// DAO can keep every ancestor's team total in step without iterating teams.
interface IStakeObserver {
    /// @notice `user`'s staked PEX principal changed by `principalDelta`.
    /// @param user the staker
    /// @param principalDelta PEX added (positive) or removed (negative)
    function onStakeChanged(address user, int256 principalDelta) external;
}
