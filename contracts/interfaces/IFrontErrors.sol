// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BondKind} from "../bonds/FrontTypes.sol";

/// @title IFrontErrors
/// @notice The errors of `Front` (the bond desk, its prices and the dashboard). The PEX average's
/// own refusals are in `IUniswapV2TwapOracleErrors`.
interface IFrontErrors {
    /// @notice A bond paid with no ETH.
    error FrontZeroAmount();

    /// @notice The bond was mined after its `deadline`.
    error FrontDeadlinePassed(uint256 deadline);

    /// @notice The bond would pay `payout` PEX, less than the `pexAmountMin` the buyer accepts (or
    /// nothing at all).
    error FrontSlippage(uint256 payout, uint256 pexAmountMin);

    /// @notice A `kind` bond of `payout` PEX exceeds the `capacity` left for that kind.
    error FrontCapacityExceeded(BondKind kind, uint256 payout, uint256 capacity);

    /// @notice An LP bond would add liquidity while the pool's spot price `spot` strays from the
    /// PEX average `average` (both ETH per PEX, 18 decimals) by more than `maxDeviationBps`: the
    /// pool is being moved, and the liquidity would go in at the moved ratio. The router's
    /// minimums, taken from the average, refuse the same.
    error FrontLpSpotOffAverage(uint256 spot, uint256 average, uint256 maxDeviationBps);

    /// @notice The PEX-ETH pool has no reserves (or prices PEX at 0), so nothing can be priced.
    error FrontNoLiquidity();

    /// @notice The ETH/USD answer, updated at `updatedAt`, is older than `maxAge` seconds.
    error FrontStalePrice(uint256 updatedAt, uint256 maxAge);

    /// @notice The ETH/USD feed answered `answer`, which is not positive.
    error FrontInvalidPrice(int256 answer);

    /// @notice No bond has id `id`.
    error FrontUnknownBond(uint256 id);

    /// @notice Bond `id` belongs to someone other than `caller`.
    error FrontNotBondOwner(uint256 id, address caller);

    /// @notice Nothing of bond `id` has vested since its last redemption.
    error FrontNothingToRedeem(uint256 id);

    /// @notice Terms out of their bounds (rates, vesting, a feed without address, age or with
    /// more than 18 decimals).
    error FrontInvalidTerms();

    /// @notice Sending ETH to a treasury failed.
    error FrontEthTransferFailed();

    /// @notice ETH arrived from `from`, which is not the router refunding an LP bond.
    error FrontUnexpectedEth(address from);
}
