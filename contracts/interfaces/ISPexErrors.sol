// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title ISPexErrors
/// @notice The errors of `SPEX` (staking positions, rebases, acceleration).
interface ISPexErrors {
    /// @notice An amount that must be positive was 0 (a stake of nothing, or an acceleration
    /// worth nothing).
    error SPexZeroAmount();

    /// @notice A stake of `amount` PEX, 2^96 or more.
    error SPexAmountTooLarge(uint256 amount);

    /// @notice No position has id `id`.
    error SPexUnknownStake(uint256 id);

    /// @notice Position `id` belongs to someone other than `caller`.
    error SPexNotOwner(uint256 id, address caller);

    /// @notice Position `id` has been unstaked.
    error SPexStakeClosed(uint256 id);

    /// @notice Position `id` is in its warmup until `warmupEnds`: its reward cannot be claimed yet.
    error SPexInWarmup(uint256 id, uint256 warmupEnds);

    /// @notice Position `id` has no reward to claim.
    error SPexNothingToClaim(uint256 id);

    /// @notice An acceleration of 0 days.
    error SPexZeroDays();

    /// @notice Position `id` asked for `requested` days of acceleration; only `remaining` are left.
    error SPexAccelerationLimit(uint256 id, uint256 requested, uint256 remaining);

    /// @notice No PEX price source is set, so acceleration cannot be priced.
    error SPexNoPriceSource();

    /// @notice sPEX cannot be transferred: every unit belongs to a position.
    error SPexTransferDisabled();

    /// @notice `rebase` before `nextRebase`.
    error SPexRebaseNotDue(uint256 nextRebase);

    /// @notice A reward rate above `MAX_REWARD_RATE`.
    error SPexRateTooHigh(uint256 rate);

    /// @notice An epoch length of 0 or above 30 days.
    error SPexInvalidEpochLength(uint256 length);

    /// @notice Terms out of their bounds (warmup, acceleration price or days, links).
    error SPexInvalidTerms();

    /// @notice A `…WithPermit` call whose permit was refused (expired, replayed, signed by
    /// someone else or for another amount) while the allowance, `allowance`, is below `needed`.
    error SPexPermitRefused(uint256 allowance, uint256 needed);

    /// @notice An acceleration would charge `fee` USDB, more than the `maxFee` the caller permitted.
    error SPexFeeAboveMax(uint256 fee, uint256 maxFee);
}
