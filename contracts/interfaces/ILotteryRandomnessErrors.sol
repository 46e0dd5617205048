// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title ILotteryRandomnessErrors
/// @notice The errors of `LotteryRandomness` (the lottery's Chainlink VRF v2.5 consumer).
interface ILotteryRandomnessErrors {
    /// @notice `caller` is not the `Game` this consumer serves: only it may ask for words.
    error LotteryRandomnessNotGame(address caller);

    /// @notice The `Game` address was address(0).
    error LotteryRandomnessZeroAddress();

    /// @notice VRF terms without key hash or subscription, or with a callback gas limit below
    /// `MIN_CALLBACK_GAS_LIMIT`.
    error LotteryRandomnessInvalidTerms();

    /// @notice The consumer was pointed at `coordinator`, not the one it was built with: it
    /// neither requests nor delivers through another.
    error LotteryRandomnessCoordinatorChanged(address coordinator);

    /// @notice A word was asked for before `seal()`: until the consumer owns itself its deployer
    /// could still move the coordinator.
    error LotteryRandomnessNotSealed();

    /// @notice `seal()` was called again: the consumer already owns itself.
    error LotteryRandomnessAlreadySealed();

    /// @notice `seal()` failed: the deployer proposed another owner before the consumer was
    /// sealed. Deploy a new consumer.
    error LotteryRandomnessOwnershipMoved();
}
