// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {AggregatorV3Interface} from "./AggregatorV3Interface.sol";
import {IEthUsdPriceFeedErrors} from "../interfaces/IEthUsdPriceFeedErrors.sol";

/// @title EthUsdPriceFeed
/// @notice An ETH/USD feed with Chainlink's AggregatorV3 shape whose answers are pushed by an
/// account holding `UPDATER_ROLE` (the operator's price keeper). It exists for local chains and
/// tests; on a live network the protocol is pointed at Chainlink's ETH/USD aggregator instead.
/// Consumers must check `updatedAt` against their own staleness limit, as with Chainlink.
contract EthUsdPriceFeed is IEthUsdPriceFeedErrors, AggregatorV3Interface, AccessControl {
    /// @notice Role allowed to push new answers.
    bytes32 public constant UPDATER_ROLE = keccak256("UPDATER_ROLE");

    struct Round {
        int192 answer;
        uint64 updatedAt;
    }

    uint8 private immutable _decimals;
    string private _description;
    uint80 private _latestRound;
    mapping(uint80 roundId => Round) private _rounds;

    /// @notice Emitted when a new answer was pushed (Chainlink's event name and shape).
    /// @param current the answer (USD per ETH with the feed's decimals)
    /// @param roundId its round
    /// @param updatedAt when it was pushed
    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    /// @param admin account that administers roles and may push answers
    /// @param decimals_ decimals of the answers (Chainlink ETH/USD uses 8)
    /// @param initialAnswer first answer, e.g. 3000e8 for $3,000
    constructor(address admin, uint8 decimals_, int256 initialAnswer) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(UPDATER_ROLE, admin);
        _decimals = decimals_;
        _description = "ETH / USD";
        _push(initialAnswer);
    }

    /// @notice Pushes a new answer as the next round; only for `UPDATER_ROLE`.
    /// @param answer price of 1 ETH in USD with `decimals()` decimals; must be positive
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
    function getRoundData(uint80 roundId) external view returns (uint80, int256, uint256, uint256, uint80) {
        Round memory r = _rounds[roundId];
        if (r.updatedAt == 0) revert EthUsdPriceFeedNoData(roundId);
        return (roundId, r.answer, r.updatedAt, r.updatedAt, roundId);
    }

    /// @inheritdoc AggregatorV3Interface
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        uint80 roundId = _latestRound;
        Round memory r = _rounds[roundId];
        return (roundId, r.answer, r.updatedAt, r.updatedAt, roundId);
    }

    function _push(int256 answer) private {
        if (answer <= 0 || answer > type(int192).max) revert EthUsdPriceFeedInvalidAnswer(answer);
        uint80 roundId = _latestRound + 1;
        _latestRound = roundId;
        _rounds[roundId] = Round({answer: int192(answer), updatedAt: uint64(block.timestamp)});
        emit AnswerUpdated(answer, roundId, block.timestamp);
    }
}
