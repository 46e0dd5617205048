// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title AggregatorV3Interface
/// @notice The read interface of a Chainlink price feed (same names and return shapes), so the
/// protocol reads a real Chainlink ETH/USD feed on a live network and `EthUsdPriceFeed` locally.
interface AggregatorV3Interface {
    /// @notice Decimals of `answer`.
    function decimals() external view returns (uint8);

    /// @notice Human-readable pair, e.g. "ETH / USD".
    function description() external view returns (string memory);

    /// @notice Version of the feed implementation.
    function version() external view returns (uint256);

    /// @notice The answer of round `roundId`.
    function getRoundData(uint80 roundId)
        external
        view
        returns (uint80 roundId_, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);

    /// @notice The latest answer.
    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);
}
