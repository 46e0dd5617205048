// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRandomnessReceiver} from "../interfaces/IRandomnessReceiver.sol";
import {IRandomnessSource} from "../interfaces/IRandomnessSource.sol";

/// @title RandomnessReceiverProbe
/// @notice Test-only stand-in for `Game` behind a real `LotteryRandomness`: asks its source for
/// words and counts the deliveries of each request, so a test sees a coordinator (and whoever
/// fulfils through it) answer every request exactly once.
contract RandomnessReceiverProbe is IRandomnessReceiver {
    /// @notice The consumer this probe asks (set once after both are deployed).
    IRandomnessSource public source;
    /// @notice How many words reached this probe for each request.
    mapping(uint256 requestId => uint256) public deliveries;
    /// @notice The last word delivered for each request.
    mapping(uint256 requestId => uint256) public words;

    /// @notice Emitted when `request` got `requestId` from the source.
    /// @param requestId the source's request
    event Requested(uint256 requestId);

    /// @notice Points the probe at its source.
    /// @param source_ the consumer that requests and delivers
    function setSource(IRandomnessSource source_) external {
        source = source_;
    }

    /// @notice Asks the source for a word.
    function request() external {
        emit Requested(source.requestRandomness());
    }

    /// @notice Counts a delivery (only the source delivers).
    /// @param requestId the source's request
    /// @param word the random word
    function fulfillRandomness(uint256 requestId, uint256 word) external {
        require(msg.sender == address(source), "probe: not the source");
        deliveries[requestId] += 1;
        words[requestId] = word;
    }
}
