// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRandomnessReceiver} from "../interfaces/IRandomnessReceiver.sol";
import {IRandomnessSource} from "../interfaces/IRandomnessSource.sol";

/// @title RandomnessSourceMock
/// @notice Test-only randomness source: answers the request id the test set, and delivers words
/// the test chooses. Lets the tests drive `Game`'s request and fulfilment paths to their edges
/// (a zero or repeated request id) without a VRF coordinator.
contract RandomnessSourceMock is IRandomnessSource {
    /// @notice The id the next request answers.
    uint256 public nextRequestId;

    /// @notice Sets the id the next request answers.
    function setNextRequestId(uint256 id) external {
        nextRequestId = id;
    }

    /// @notice Answers the id the test set.
    function requestRandomness() external view returns (uint256) {
        return nextRequestId;
    }

    /// @notice Delivers `word` for `requestId` to `receiver`, as a VRF consumer would.
    function deliver(IRandomnessReceiver receiver, uint256 requestId, uint256 word) external {
        receiver.fulfillRandomness(requestId, word);
    }
}
