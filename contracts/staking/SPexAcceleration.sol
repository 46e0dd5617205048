// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IPexPriceSource} from "../interfaces/IPexPriceSource.sol";
import {SPexPositions} from "./SPexPositions.sol";

/// @title SPexAcceleration
/// @notice Buying future rebases: `accelerateProfit` adds `day` days of rebases (compounded at
/// the current rate) to a position at once, for a USDB fee of `accelerationPriceBps` of the
/// reward's value at the PEX price's time-weighted average (paid to the fee treasury), at most
/// `maxAccelerationDays` per position.
abstract contract SPexAcceleration is SPexPositions {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    uint256 private constant BPS = 10_000;

    IERC20 internal immutable _usdb;
    address private _treasury;

    /// @notice Emitted when position `id` bought `day` days of rebases: `reward` sPEX for `fee` USDB.
    /// @param user the position's owner
    /// @param id the position
    /// @param day days of rebases bought
    /// @param reward sPEX added to the position
    /// @param fee USDB paid to the fee treasury
    event ProfitAccelerated(address indexed user, uint256 indexed id, uint256 day, uint256 reward, uint256 fee);
    /// @notice Emitted when the acceleration price and the per-position day limit were set.
    /// @param priceBps basis points of the reward's USDB value charged (1 to 10,000)
    /// @param maxDays days a position may buy in total (at most 365)
    event AccelerationTermsSet(uint256 priceBps, uint256 maxDays);
    /// @notice Emitted when the PEX price source and the fee treasury were set.
    /// @param priceSource the PEX price source (Front)
    /// @param treasury the treasury that receives acceleration fees
    event LinksSet(address priceSource, address treasury);
    /// @notice Emitted when the warmup was set, during which a position earns nothing it can keep.
    /// @param warmup seconds before a position may claim or keep its reward
    event WarmupSet(uint256 warmup);

    /// @param usdb_ the token acceleration fees are paid in
    constructor(IERC20 usdb_) {
        _usdb = usdb_;
        _config.accelerationPriceBps = 8_000;
        _config.maxAccelerationDays = 30;
    }

    /// @notice Adds `day` days of rebases (compounded at the current rate) to position `id` at
    /// once, for a USDB fee of `accelerationPriceBps` of the reward's value at the PEX price's
    /// time-weighted average (approve USDB). Refused, with the price source's error, while the
    /// average is stale or the pool's spot price strays from it.
    /// @param id the position
    /// @param day days to buy; a position may buy at most `maxAccelerationDays` in total
    function accelerateProfit(uint256 id, uint256 day) external nonReentrant {
        _accelerateProfit(id, day, type(uint256).max);
    }

    /// @dev Buys `day` days for position `id` and pulls the fee, at most `maxFee` USDB (approved
    /// or permitted before).
    function _accelerateProfit(uint256 id, uint256 day, uint256 maxFee) internal {
        Position storage p = _ownedOpenPosition(id);
        if (day == 0) revert SPexZeroDays();
        Config memory config = _config;
        uint256 remaining = config.maxAccelerationDays - p.acceleratedDays;
        if (day > remaining) revert SPexAccelerationLimit(id, day, remaining);
        address priceSource = config.priceSource;
        if (priceSource == address(0)) revert SPexNoPriceSource();
        _rebaseIfDue(MAX_INLINE_EPOCHS);
        // Priced from the average, never the pool's spot price: a swap just before this call
        // cannot lower the fee. The call also records the pool's next observation when due.
        uint256 price = IPexPriceSource(priceSource).updateAndGetPexUSDBAveragePrice();
        uint256 gpf = _gonsPerFragment;
        (uint256 reward, uint256 fee) = _accelerationQuote(p.gons / gpf, day, price, config.accelerationPriceBps);
        if (reward == 0 || fee == 0) revert SPexZeroAmount();
        if (fee > maxFee) revert SPexFeeAboveMax(fee, maxFee);
        uint256 gons = reward * gpf;
        p.gons += gons.toUint160();
        p.acceleratedDays += uint16(day);
        _accounts[msg.sender].gons += uint160(gons);
        _totals.gons += uint160(gons);
        emit ProfitAccelerated(msg.sender, id, day, reward, fee);
        emit Transfer(address(0), msg.sender, reward);

        _usdb.safeTransferFrom(msg.sender, _treasury, fee);
        _pex.mint(address(this), reward);
    }

    /// @notice Sets the warmup in seconds (at most `MAX_WARMUP`); only for `TERMS_ROLE`.
    /// @param warmup seconds before a position may claim or keep its reward
    function setWarmup(uint256 warmup) external onlyRole(TERMS_ROLE) {
        if (warmup > MAX_WARMUP) revert SPexInvalidTerms();
        _config.warmup = uint32(warmup);
        emit WarmupSet(warmup);
    }

    /// @notice Sets the acceleration price (basis points of the reward's USDB value, 1..10000)
    /// and how many days a position may buy in total (at most 365); only for `TERMS_ROLE`.
    /// @param priceBps basis points of the reward's USDB value charged (1 to 10,000)
    /// @param maxDays days a position may buy in total (at most 365)
    function setAccelerationTerms(uint256 priceBps, uint256 maxDays) external onlyRole(TERMS_ROLE) {
        if (priceBps == 0 || priceBps > BPS || maxDays > 365) revert SPexInvalidTerms();
        _config.accelerationPriceBps = uint16(priceBps);
        _config.maxAccelerationDays = uint16(maxDays);
        emit AccelerationTermsSet(priceBps, maxDays);
    }

    /// @notice Sets the PEX price source (Front) and the treasury that receives acceleration
    /// fees; only for `TERMS_ROLE`.
    /// @param priceSource the PEX price source (Front)
    /// @param treasury the treasury that receives acceleration fees
    function setLinks(address priceSource, address treasury) external onlyRole(TERMS_ROLE) {
        if (priceSource == address(0) || treasury == address(0)) revert SPexInvalidTerms();
        _config.priceSource = priceSource;
        _treasury = treasury;
        emit LinksSet(priceSource, treasury);
    }

    /// @notice What `accelerateProfit(id, day)` would add and cost in this block (reverts as it
    /// would while the price source refuses its average).
    /// @param id the position
    /// @param day days of rebases bought
    /// @return reward sPEX added to the position
    /// @return fee USDB charged
    function quoteAcceleration(uint256 id, uint256 day) external view returns (uint256 reward, uint256 fee) {
        Position storage p = _existing(id);
        address priceSource = _config.priceSource;
        if (priceSource == address(0)) revert SPexNoPriceSource();
        uint256 price = IPexPriceSource(priceSource).getPexUSDBAveragePrice();
        return _accelerationQuote(p.gons / _gonsPerFragment, day, price, _config.accelerationPriceBps);
    }

    /// @notice Warmup in seconds, acceleration price in basis points and per-position day limit.
    /// @return warmup seconds before a position may claim or keep its reward
    /// @return accelerationPriceBps basis points of the reward's USDB value charged
    /// @return maxAccelerationDays days a position may buy in total
    function terms() external view returns (uint256 warmup, uint256 accelerationPriceBps, uint256 maxAccelerationDays) {
        Config memory c = _config;
        return (c.warmup, c.accelerationPriceBps, c.maxAccelerationDays);
    }

    /// @notice The DAO (stake observer), the PEX price source and the fee treasury.
    /// @return observer the stake observer (the DAO)
    /// @return priceSource the PEX price source (Front)
    /// @return treasury the treasury that receives acceleration fees
    function links() external view returns (address observer, address priceSource, address treasury) {
        return (address(_observer), _config.priceSource, _treasury);
    }

    /// @dev Reward of `day` days on `value` sPEX, and its fee at `price` (USDB per PEX).
    function _accelerationQuote(uint256 value, uint256 day, uint256 price, uint256 priceBps) private view returns (uint256 reward, uint256 fee) {
        Epoch memory e = _epoch;
        uint256 epochs = (day * 1 days) / e.length;
        uint256 compounded = value;
        for (uint256 i = 0; i < epochs; ++i) compounded += (compounded * e.rewardRate) / RATE_DENOMINATOR;
        reward = compounded - value;
        fee = Math.mulDiv(reward * price, priceBps, 1e18 * BPS);
    }
}
