// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {AggregatorV3Interface} from "@chainlink/contracts/src/v0.8/shared/interfaces/AggregatorV3Interface.sol";

/// @title RehearsalPriceFeed
/// @notice The BNB/USD feed of the production rehearsal's chain, deployed by the provider
/// (scripts/rehearsal/provider/): Chainlink's AggregatorV3 shape and answers as its feed gives
/// them, rounds numbered from 1, `updatedAt` the block of each push. Only `UPDATER_ROLE` (the
/// provider, playing Chainlink's transmitters) pushes; Chainlink's `MockV3Aggregator` would let
/// anyone move the price, which no chain's real feed does.
contract RehearsalPriceFeed is AggregatorV3Interface, AccessControl {
    /// @notice Role allowed to push answers.
    bytes32 public constant UPDATER_ROLE = keccak256("UPDATER_ROLE");

    struct Round {
        int256 answer;
        uint64 updatedAt;
    }

    uint8 private immutable _decimals;
    string private _description;
    uint80 private _latestRound;
    mapping(uint80 roundId => Round) private _rounds;

    /// @notice Emitted when an answer was pushed (Chainlink's event name and shape).
    /// @param current the answer with `decimals()` decimals
    /// @param roundId its round
    /// @param updatedAt when it was pushed
    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    /// @notice Deploys with the first round's answer.
    /// @param updater receives `DEFAULT_ADMIN_ROLE` and `UPDATER_ROLE`
    /// @param decimals_ decimals of the answers (Chainlink's BNB/USD has 8)
    /// @param description_ the pair, e.g. "BNB / USD"
    /// @param initialAnswer the first round's answer
    constructor(address updater, uint8 decimals_, string memory description_, int256 initialAnswer) {
        _grantRole(DEFAULT_ADMIN_ROLE, updater);
        _grantRole(UPDATER_ROLE, updater);
        _decimals = decimals_;
        _description = description_;
        _push(initialAnswer);
    }

    /// @notice Pushes `answer` as the next round, dated now; only for `UPDATER_ROLE`. Like
    /// Chainlink's feed it takes what it is given: the consumer checks sign and age.
    /// @param answer the price with `decimals()` decimals
    function updateAnswer(int256 answer) external onlyRole(UPDATER_ROLE) {
        _push(answer);
    }

    /// @inheritdoc AggregatorV3Interface
    function decimals() external view returns (uint8) {
        return _decimals;
    }

    /// @inheritdoc AggregatorV3Interface
    function description() external view returns (string memory) {
        return _description;
    }

    /// @inheritdoc AggregatorV3Interface
    function version() external pure returns (uint256) {
        return 4;
    }

    /// @inheritdoc AggregatorV3Interface
    /// @dev A round never pushed reads as zeros, as on `MockV3Aggregator`: `updatedAt == 0`.
    function getRoundData(uint80 roundId) external view returns (uint80, int256, uint256, uint256, uint80) {
        Round memory r = _rounds[roundId];
        return (roundId, r.answer, r.updatedAt, r.updatedAt, roundId);
    }

    /// @inheritdoc AggregatorV3Interface
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        uint80 roundId = _latestRound;
        Round memory r = _rounds[roundId];
        return (roundId, r.answer, r.updatedAt, r.updatedAt, roundId);
    }

    function _push(int256 answer) private {
        uint80 roundId = _latestRound + 1;
        _latestRound = roundId;
        _rounds[roundId] = Round({answer: answer, updatedAt: uint64(block.timestamp)});
        emit AnswerUpdated(answer, roundId, block.timestamp);
    }
}
