// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IRandomnessSource
/// @notice Where `Game` asks for the random word of a lottery draw (implemented by
/// `LotteryRandomness`, a Chainlink VRF v2.5 consumer). The word arrives later, in a separate
/// transaction, through `IRandomnessReceiver.fulfillRandomness`.
interface IRandomnessSource {
    /// @notice Requests one random word for the caller; answers the request's id (never 0).
    /// @return requestId the request's id, never 0
    function requestRandomness() external returns (uint256 requestId);
}
