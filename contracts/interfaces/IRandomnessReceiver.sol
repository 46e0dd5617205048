// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IRandomnessReceiver
/// @notice What a randomness source calls back with the word of a request (implemented by `Game`).
interface IRandomnessReceiver {
    /// @notice Delivers `word`, the random word of request `requestId`.
    /// @param requestId the request
    /// @param word the random word
    function fulfillRandomness(uint256 requestId, uint256 word) external;
}
