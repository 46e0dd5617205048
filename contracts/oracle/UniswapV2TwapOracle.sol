// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IUniswapV2Pair} from "@uniswap/v2-core/contracts/interfaces/IUniswapV2Pair.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IUniswapV2TwapOracleErrors} from "../interfaces/IUniswapV2TwapOracleErrors.sol";

/// @title UniswapV2TwapOracle
/// @notice The time-weighted average price of one token of a Uniswap V2 pair (the base) in the
/// other (the quote), for a contract that prices things from it without an external call.
///
/// Uniswap's fixed-window oracle (v2-periphery `ExampleOracleSimple` with
/// `UniswapV2OracleLibrary`) ported to Solidity 0.8: the pair keeps a running sum of its price
/// times seconds (`price0CumulativeLast`), added with the reserves that held *before* each block's
/// first trade, so the sum never counts a price set in the block that reads it. An observation
/// records that sum; the next one, at least `window` seconds later, divides the difference by
/// the time between them: the average price over that span.
///
/// Anyone may record an observation with `update()` once the window has passed, and every use
/// (`_twapForUse`) records one itself when due. A use refuses
/// - before the first average exists (`UniswapV2TwapOracleNoAverage`: the first window after
///   deployment has not passed);
/// - when the average it would apply begins more than `maxAge` seconds ago
///   (`UniswapV2TwapOracleStale`: nobody observed for longer than that; after `update()` and
///   one more window, uses work again);
/// - when the pair's spot price strays from that average by more than `maxDeviationBps`
///   (`UniswapV2TwapOracleSpotDeviation`: the pool is being moved right now, or the market moved
///   faster than the average follows).
/// Views (`_twapView`) answer what a use in the same block would apply, or revert as it would.
///
/// Prices are UQ112x112 fixed point (quote per base; Uniswap's `FixedPoint.uq112x112`).
/// Timestamps are block timestamps modulo 2**32, as the pair keeps them; differences wrap.
abstract contract UniswapV2TwapOracle is IUniswapV2TwapOracleErrors {
    /// @notice The oracle's settings, as the constructor takes them.
    struct TwapTerms {
        uint32 window;
        uint32 maxAge;
        uint16 maxDeviationBps;
    }

    /// @dev A price as the oracle computes it for this block: the average that applies and
    /// when it begins; when an observation is due, the cumulative price to record.
    struct Reading {
        uint256 cumulative;
        uint224 average;
        uint32 start;
        bool due;
    }

    uint256 private constant Q112 = 2 ** 112;
    uint256 private constant BPS = 10_000;
    uint256 private constant WAD = 1e18;
    uint256 private constant MIN_WINDOW = 1 minutes;
    uint256 private constant MAX_WINDOW = 1 days;
    uint256 private constant MAX_AGE = 7 days;
    uint256 private constant MIN_DEVIATION_BPS = 50;
    uint256 private constant MAX_DEVIATION_BPS = 5_000;

    IUniswapV2Pair private immutable _twapPair;
    bool private immutable _twapBaseIsToken0;

    /// @dev The base token's cumulative price at the last observation; it wraps, so only
    /// differences mean anything.
    uint256 private _twapCumulative;
    /// @dev The average over [_twapAverageStart, _twapObservedAt]; 0 before the first one.
    uint224 private _twapAverage;
    uint32 private _twapObservedAt;
    uint32 private _twapAverageStart;
    uint32 private _twapWindow;
    uint32 private _twapMaxAge;
    uint16 private _twapMaxDeviationBps;

    /// @notice Emitted when an observation was recorded: the new average (quote per base, 18
    /// decimals) over the last `period` seconds.
    /// @param averagePrice quote per base, 18 decimals
    /// @param period seconds the average spans
    event TwapUpdated(uint256 averagePrice, uint256 period);
    /// @notice Emitted when the window, the staleness limit or the deviation bound was set.
    /// @param window least seconds between two observations
    /// @param maxAge seconds after which an average's start is too old to apply
    /// @param maxDeviationBps how far the spot price may stray from the average, basis points
    event TwapTermsSet(uint256 window, uint256 maxAge, uint256 maxDeviationBps);

    /// @param pair the Uniswap V2 pair
    /// @param base the token whose price is averaged, in units of the pair's other token
    /// @param terms window, staleness limit and deviation bound (see `setTwapTerms`)
    constructor(IUniswapV2Pair pair, address base, TwapTerms memory terms) {
        bool baseIsToken0 = pair.token0() == base;
        if (!baseIsToken0 && pair.token1() != base) revert UniswapV2TwapOracleInvalidTerms();
        _twapPair = pair;
        _twapBaseIsToken0 = baseIsToken0;
        _setTwapTerms(terms.window, terms.maxAge, terms.maxDeviationBps);
        // The first observation: the first average follows one window later.
        (uint256 baseReserve, uint256 quoteReserve, uint32 pairTimestamp) = _pairReserves();
        _twapCumulative = _cumulativeNow(baseReserve, quoteReserve, pairTimestamp);
        _twapObservedAt = uint32(block.timestamp);
    }

    /// @notice Records an observation and with it a new average over the time since the last
    /// one. Anyone may call it once `window` seconds have passed since the last observation.
    function update() external {
        (uint256 baseReserve, uint256 quoteReserve, uint32 pairTimestamp) = _pairReserves();
        Reading memory r = _reading(baseReserve, quoteReserve, pairTimestamp);
        if (!r.due) revert UniswapV2TwapOracleUpdateNotDue(_fullTimestamp(_twapObservedAt) + _twapWindow);
        _record(r);
    }

    /// @notice Sets the window (1 minute to 1 day), the staleness limit (2 windows to 7 days)
    /// and the spot deviation bound (0.5 % to 50 %, in basis points); only for the accounts the
    /// inheriting contract authorises (`Front`: `TERMS_ROLE`).
    /// @param window least seconds between two observations
    /// @param maxAge seconds after which an average's start is too old to apply
    /// @param maxDeviationBps how far the spot price may stray from the average, basis points
    function setTwapTerms(uint256 window, uint256 maxAge, uint256 maxDeviationBps) external {
        _authorizeTwapTerms();
        _setTwapTerms(window, maxAge, maxDeviationBps);
    }

    /// @notice Window (seconds), staleness limit (seconds) and deviation bound (basis points).
    /// @return window least seconds between two observations
    /// @return maxAge seconds after which an average's start is too old to apply
    /// @return maxDeviationBps how far the spot price may stray, basis points
    function twapTerms() external view returns (uint256 window, uint256 maxAge, uint256 maxDeviationBps) {
        return (_twapWindow, _twapMaxAge, _twapMaxDeviationBps);
    }

    /// @notice The stored average (quote per base, 18 decimals; 0 before the first) with the
    /// timestamps it spans, and from when `update()` may be called.
    /// @return averagePrice quote per base, 18 decimals (0 before the first)
    /// @return averageStart when the span of the average begins
    /// @return observedAt the last observation
    /// @return updateDueAt from when `update()` may be called
    function twapObservation()
        external
        view
        returns (uint256 averagePrice, uint256 averageStart, uint256 observedAt, uint256 updateDueAt)
    {
        uint224 average = _twapAverage;
        observedAt = _fullTimestamp(_twapObservedAt);
        if (average != 0) (averagePrice, averageStart) = (_toWad(average), _fullTimestamp(_twapAverageStart));
        updateDueAt = observedAt + _twapWindow;
    }

    // ------------------------------------------------------------------ for the inheriting contract

    /// @dev Who may set the terms: the inheriting contract reverts for anyone else.
    function _authorizeTwapTerms() internal view virtual;

    /// @dev The average a use applies now (UQ112x112), recording an observation first when one
    /// is due; reverts when the average is missing or stale or the spot strays from it. Pass the
    /// pair's reserves as `_pairReserves` returns them.
    function _twapForUse(uint256 baseReserve, uint256 quoteReserve, uint32 pairTimestamp) internal returns (uint256) {
        Reading memory r = _reading(baseReserve, quoteReserve, pairTimestamp);
        if (r.due) _record(r);
        return _checked(r, baseReserve, quoteReserve);
    }

    /// @dev What `_twapForUse` would answer in this block, without recording anything.
    function _twapView(uint256 baseReserve, uint256 quoteReserve, uint32 pairTimestamp) internal view returns (uint256) {
        return _checked(_reading(baseReserve, quoteReserve, pairTimestamp), baseReserve, quoteReserve);
    }

    /// @dev The pair's reserves as (base, quote) and the timestamp of its last update.
    function _pairReserves() internal view returns (uint256 baseReserve, uint256 quoteReserve, uint32 pairTimestamp) {
        (uint112 r0, uint112 r1, uint32 ts) = _twapPair.getReserves();
        return _twapBaseIsToken0 ? (uint256(r0), uint256(r1), ts) : (uint256(r1), uint256(r0), ts);
    }

    /// @dev `amount` times a UQ112x112 price, rounded down.
    function _mulX112(uint256 priceX112, uint256 amount) internal pure returns (uint256) {
        return Math.mulDiv(priceX112, amount, Q112);
    }

    /// @dev `amount` divided by a UQ112x112 price (not 0), rounded down: quote to base.
    function _divX112(uint256 amount, uint256 priceX112) internal pure returns (uint256) {
        return Math.mulDiv(amount, Q112, priceX112);
    }

    /// @dev FixedPoint.fraction: numerator / denominator as UQ112x112 (both below 2**112), the
    /// spot price when given (quote reserve, base reserve).
    function _fraction(uint256 numerator, uint256 denominator) internal pure returns (uint256) {
        return (numerator << 112) / denominator;
    }

    /// @dev A UQ112x112 price with 18 decimals, rounded down.
    function _toWad(uint256 priceX112) internal pure returns (uint256) {
        return Math.mulDiv(priceX112, WAD, Q112);
    }

    // ------------------------------------------------------------------ internals

    function _reading(uint256 baseReserve, uint256 quoteReserve, uint32 pairTimestamp) private view returns (Reading memory r) {
        uint32 observedAt = _twapObservedAt;
        uint32 elapsed;
        // Timestamps are kept modulo 2**32 like the pair's: the difference wraps (overflow is desired).
        unchecked {
            elapsed = uint32(block.timestamp) - observedAt;
        }
        if (elapsed < _twapWindow) return Reading({cumulative: 0, average: _twapAverage, start: _twapAverageStart, due: false});
        r.cumulative = _cumulativeNow(baseReserve, quoteReserve, pairTimestamp);
        r.start = observedAt;
        r.due = true;
        // The cumulative price wraps, so its difference is taken modulo 2**256 (overflow is
        // desired); it sums prices below 2**224 over `elapsed` seconds, so the average fits in
        // 224 bits and the cast never truncates (as in ExampleOracleSimple.update). `elapsed` is
        // at least the window, never 0.
        unchecked {
            r.average = uint224((r.cumulative - _twapCumulative) / elapsed);
        }
    }

    /// @dev UniswapV2OracleLibrary.currentCumulativePrices for the base token: the pair's sum,
    /// plus what the pair would add if it were touched now (its reserves held since its last
    /// update, which was not in this block). Saves a call to `sync`.
    function _cumulativeNow(uint256 baseReserve, uint256 quoteReserve, uint32 pairTimestamp) private view returns (uint256 cumulative) {
        cumulative = _twapBaseIsToken0 ? _twapPair.price0CumulativeLast() : _twapPair.price1CumulativeLast();
        uint32 now32 = uint32(block.timestamp);
        // The pair adds nothing while a reserve is empty (and the price would divide by zero).
        if (pairTimestamp == now32 || baseReserve == 0 || quoteReserve == 0) return cumulative;
        // As in the library: the timestamp difference wraps and so does the sum (overflow is
        // desired); a price below 2**224 times seconds below 2**32 cannot overflow the product.
        unchecked {
            cumulative += _fraction(quoteReserve, baseReserve) * (now32 - pairTimestamp);
        }
    }

    function _record(Reading memory r) private {
        uint32 now32 = uint32(block.timestamp);
        _twapCumulative = r.cumulative;
        _twapAverage = r.average;
        _twapObservedAt = now32;
        _twapAverageStart = r.start;
        uint32 period;
        // Modulo 2**32 like every timestamp here (overflow is desired).
        unchecked {
            period = now32 - r.start;
        }
        emit TwapUpdated(_toWad(r.average), period);
    }

    function _checked(Reading memory r, uint256 baseReserve, uint256 quoteReserve) private view returns (uint256) {
        uint256 average = r.average;
        if (average == 0) revert UniswapV2TwapOracleNoAverage();
        uint32 age;
        // Modulo 2**32 like every timestamp here (overflow is desired).
        unchecked {
            age = uint32(block.timestamp) - r.start;
        }
        uint256 maxAge = _twapMaxAge;
        if (age > maxAge) revert UniswapV2TwapOracleStale(age, maxAge);
        uint256 spot = _fraction(quoteReserve, baseReserve);
        uint256 deviation = spot > average ? spot - average : average - spot;
        uint256 maxDeviationBps = _twapMaxDeviationBps;
        if (deviation * BPS > average * maxDeviationBps)
            revert UniswapV2TwapOracleSpotDeviation(_toWad(spot), _toWad(average), maxDeviationBps);
        return average;
    }

    function _setTwapTerms(uint256 window, uint256 maxAge, uint256 maxDeviationBps) private {
        if (window < MIN_WINDOW || window > MAX_WINDOW) revert UniswapV2TwapOracleInvalidTerms();
        // An average spans at least one window and is replaced one window after it ends.
        if (maxAge < 2 * window || maxAge > MAX_AGE) revert UniswapV2TwapOracleInvalidTerms();
        if (maxDeviationBps < MIN_DEVIATION_BPS || maxDeviationBps > MAX_DEVIATION_BPS) revert UniswapV2TwapOracleInvalidTerms();
        _twapWindow = uint32(window);
        _twapMaxAge = uint32(maxAge);
        _twapMaxDeviationBps = uint16(maxDeviationBps);
        emit TwapTermsSet(window, maxAge, maxDeviationBps);
    }

    /// @dev The full timestamp of a stored one (at most 2**32 seconds in the past).
    function _fullTimestamp(uint32 timestamp) private view returns (uint256) {
        uint32 age;
        // Modulo 2**32 like every timestamp here (overflow is desired).
        unchecked {
            age = uint32(block.timestamp) - timestamp;
        }
        return block.timestamp - age;
    }
}
