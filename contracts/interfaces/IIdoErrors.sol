// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IIdoErrors
/// @notice The errors of `IDO` (the release of IDO allocations).
interface IIdoErrors {
    /// @notice Claims open only at `start`.
    error IdoNotStarted(uint256 start);

    /// @notice `account` has no allocation.
    error IdoNoAllocation(address account);

    /// @notice `account` has claimed all of its immediate 65 % already.
    error IdoAlreadyClaimed(address account);

    /// @notice Nothing more of `account`'s 35 % has been released since its last claim.
    error IdoNothingToClaim(address account);

    /// @notice The accounts and the amounts of an addition differ in length.
    error IdoLengthMismatch();

    /// @notice An allocation of 0 was added.
    error IdoZeroAmount();

    /// @notice An allocation was added for address(0).
    error IdoZeroAddress();

    /// @notice Unclaimed allocations would need `needed` PEX; only `available` is held.
    error IdoUnderfunded(uint256 needed, uint256 available);

    /// @notice A release duration of 0.
    error IdoInvalidSchedule();

    /// @notice The release has started: its schedule can no longer move.
    error IdoAlreadyStarted();
}
