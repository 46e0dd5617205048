// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IEthUsdPriceFeedErrors
/// @notice The errors of `EthUsdPriceFeed`.
interface IEthUsdPriceFeedErrors {
    /// @notice An answer that is not positive or does not fit in 192 bits.
    error EthUsdPriceFeedInvalidAnswer(int256 answer);

    /// @notice Round `roundId` was never answered.
    error EthUsdPriceFeedNoData(uint80 roundId);
}
