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
    /// @param roundId the round asked for
    /// @return roundId_ the round
    /// @return answer the price with `decimals()` decimals
    /// @return startedAt when the round started
    /// @return updatedAt when the answer was last updated
    /// @return answeredInRound the round the answer was computed in
    function getRoundData(uint80 roundId)
        external
        view
        returns (uint80 roundId_, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);

    /// @notice The latest answer.
    /// @return roundId the round
    /// @return answer the price with `decimals()` decimals
    /// @return startedAt when the round started
    /// @return updatedAt when the answer was last updated
    /// @return answeredInRound the round the answer was computed in
    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);
}
