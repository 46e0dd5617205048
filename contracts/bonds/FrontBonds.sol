// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {BondKind} from "./FrontTypes.sol";
import {FrontBondBook} from "./FrontBondBook.sol";

/// @title FrontBonds
/// @notice The bond desk: sells PEX for ETH below the market price. `ethBond` sends the ETH to
/// treasury 1 (reserves). `lpBond` pairs the ETH with newly minted PEX and adds both to the
/// PEX-ETH Uniswap V2 pool through the router, only while the pool's spot price is within 1 % of
/// the PEX average (the router's minimums come from the average); the LP tokens go to
/// treasury 2 (protocol-owned liquidity). Each kind has a remaining capacity (PEX it may still
/// sell), a vesting term and a rate: the ETH bond's discount on the market price, the LP bond's
/// reward rate (extra PEX per unit of value). No bond sells below `minBondPrice`. Payouts vest
/// in the bond book (`FrontBondBook`).
abstract contract FrontBonds is FrontBondBook, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    /// @dev How far the pool's spot price may stray from the PEX average when an LP bond adds
    /// liquidity (1 %): the bond pairs at the pool's ratio, so a wider gap is a loss to whoever
    /// moved the pool back.
    uint256 private constant LP_MAX_DEVIATION_BPS = 100;

    /// @notice Emitted when `user` bought bond `id` for `ethAmount` under reference `random`.
    /// @param user the buyer
    /// @param id the bond
    /// @param random the caller's reference, echoed in `Bonded`
    /// @param kind the bond kind (0 ETH, 1 LP)
    /// @param ethAmount ETH paid (wei)
    /// @param payout PEX that vests to the buyer
    /// @param bondPrice USDB per PEX the bond sold at, 18 decimals
    event Bonded(
        address indexed user,
        uint256 indexed id,
        uint256 indexed random,
        BondKind kind,
        uint256 ethAmount,
        uint256 payout,
        uint256 bondPrice
    );
    /// @notice Emitted when an LP bond added `pexAmount` PEX and `ethAmount` ETH as `liquidity` LP.
    /// @param bondId the LP bond
    /// @param pexAmount PEX added to the pool
    /// @param ethAmount ETH paid (wei)
    /// @param liquidity LP tokens minted to treasury 2
    event LiquidityAdded(uint256 indexed bondId, uint256 pexAmount, uint256 ethAmount, uint256 liquidity);

    constructor() {
        // The router pulls the PEX side of LP bonds from here; OpenZeppelin does not spend an
        // infinite allowance down, so one approval serves every bond.
        IERC20(address(_pex)).forceApprove(address(_router), type(uint256).max);
    }

    /// @notice Accepts only the router's refund of unpaired ETH during `lpBond`.
    receive() external payable {
        if (msg.sender != address(_router)) revert FrontUnexpectedEth(msg.sender);
    }

    /// @notice Buys an ETH bond with `msg.value`: PEX at the ETH bond's discount, vesting
    /// linearly; the ETH goes to treasury 1. Use `ethBondWithMin` to bound the payout.
    /// @param random the caller's reference, echoed in `Bonded`
    /// @return id the new bond
    function ethBond(uint256 random) external payable nonReentrant returns (uint256 id) {
        (id, ) = _ethBond(random, 0);
    }

    /// @notice `ethBond` that reverts unless the payout is at least `pexAmountMin` by `deadline`.
    /// @param random the caller's reference, echoed in `Bonded`
    /// @param pexAmountMin the least payout the caller accepts (slippage bound)
    /// @param deadline the latest timestamp at which the bond may execute
    /// @return id the new bond
    function ethBondWithMin(uint256 random, uint256 pexAmountMin, uint256 deadline) external payable nonReentrant returns (uint256 id) {
        if (block.timestamp > deadline) revert FrontDeadlinePassed(deadline);
        (id, ) = _ethBond(random, pexAmountMin);
    }

    /// @notice Buys an LP bond with `msg.value`: the ETH and PEX minted at the pool's ratio are
    /// added to the PEX-ETH pool for treasury 2, and the caller gets PEX worth the ETH plus the
    /// LP reward rate, vesting linearly. Refused (`FrontLpSpotOffAverage`) while the pool's spot
    /// price is more than 1 % from the PEX average.
    /// @param random the caller's reference, echoed in `Bonded`
    /// @param pexAmountMin the least payout the caller accepts (slippage bound)
    /// @param deadline the latest timestamp at which the bond may execute
    /// @return id the new bond
    function lpBond(uint256 random, uint256 pexAmountMin, uint256 deadline) external payable nonReentrant returns (uint256 id) {
        if (block.timestamp > deadline) revert FrontDeadlinePassed(deadline);
        uint256 eth = msg.value;
        if (eth == 0) revert FrontZeroAmount();
        (uint256 pexReserve, uint256 wethReserve, uint32 pairTimestamp) = _reserves();
        // The value is priced from the average; the liquidity goes in at the pool's own ratio,
        // so that ratio must be the average's to within LP_MAX_DEVIATION_BPS.
        uint256 average = _twapForUse(pexReserve, wethReserve, pairTimestamp);
        _checkLpSpot(pexReserve, wethReserve, average);
        (uint256 payout, uint256 price) = _quote(BondKind.Lp, eth, average);
        if (payout < pexAmountMin || payout == 0) revert FrontSlippage(payout, pexAmountMin);
        id = _record(BondKind.Lp, payout);
        emit Bonded(msg.sender, id, random, BondKind.Lp, eth, payout, price);

        uint256 pexAtAverage = _divX112(eth, average);
        _pex.mint(address(this), pexAtAverage + payout);
        _addLiquidity(id, eth, pexAtAverage, deadline);
    }

    /// @notice Pays the vested, not yet redeemed PEX of bond `id` to its owner.
    /// @param id the bond
    /// @return amount PEX paid
    function redeemBond(uint256 id) external nonReentrant returns (uint256 amount) {
        amount = _redeem(id);
        IERC20(address(_pex)).safeTransfer(msg.sender, amount);
    }

    /// @notice `redeemBond` for several bonds in one transaction (each must have something vested).
    /// @param ids the bonds, each the caller's with something vested
    /// @return total PEX paid
    function redeemBonds(uint256[] calldata ids) external nonReentrant returns (uint256 total) {
        for (uint256 i = 0; i < ids.length; ++i) total += _redeem(ids[i]);
        IERC20(address(_pex)).safeTransfer(msg.sender, total);
    }

    /// @notice Sets a bond kind's rate (ETH: discount, at most 50 %; LP: reward rate, at most
    /// 100 %), vesting (1 hour to 365 days) and remaining capacity in PEX; only for `TERMS_ROLE`.
    /// @param kind the bond kind (0 ETH, 1 LP)
    /// @param rateBps ETH: discount; LP: reward rate (basis points)
    /// @param vesting seconds a payout vests over
    /// @param capacity PEX the kind may still sell
    function setBondTerms(BondKind kind, uint256 rateBps, uint256 vesting, uint256 capacity) external onlyRole(TERMS_ROLE) {
        uint256 maxRate = kind == BondKind.Eth ? BPS / 2 : BPS;
        if (rateBps > maxRate || vesting < 1 hours || vesting > 365 days) revert FrontInvalidTerms();
        _terms[kind] = Terms({rateBps: uint16(rateBps), vesting: uint32(vesting), capacity: capacity.toUint128()});
        emit TermsSet(kind, rateBps, vesting, capacity);
    }

    /// @notice Sets the price below which no bond sells (USDB per PEX, 18 decimals); only for
    /// `TERMS_ROLE`.
    /// @param price USDB per PEX, 18 decimals
    function setMinBondPrice(uint256 price) external onlyRole(TERMS_ROLE) {
        _minBondPrice = price.toUint128();
        emit MinBondPriceSet(price);
    }

    /// @notice The LP bond's reward rate in basis points (extra PEX per unit of value bonded).
    function getLpRewardRate() external view returns (uint256) {
        return _terms[BondKind.Lp].rateBps;
    }

    /// @notice What an LP bond of `ethAmount` ETH does now (priced from the average a bond in
    /// this block would apply; reverts as that bond would when the average is refused or the
    /// pool's spot price is more than 1 % from it).
    /// @param ethAmount ETH paid (wei)
    /// @return pair the PEX-ETH pool
    /// @return payout PEX the bond would pay (vesting); pass a little less as `pexAmountMin`
    /// @return pexPaired PEX minted and paired with the ETH in the pool
    function getLpBondParams(uint256 ethAmount) external view returns (address pair, uint256 payout, uint256 pexPaired) {
        (uint256 pexReserve, uint256 wethReserve, uint32 pairTimestamp) = _reserves();
        uint256 average = _twapView(pexReserve, wethReserve, pairTimestamp);
        _checkLpSpot(pexReserve, wethReserve, average);
        (payout, ) = _quote(BondKind.Lp, ethAmount, average);
        // What the router pairs (UniswapV2Router02._addLiquidity): all the PEX at the average when
        // the pool's ratio asks no more ETH than paid, else all the ETH at the pool's ratio.
        pexPaired = _divX112(ethAmount, average);
        if ((pexPaired * wethReserve) / pexReserve > ethAmount) pexPaired = (ethAmount * pexReserve) / wethReserve;
        return (address(_pair), payout, pexPaired);
    }

    /// @notice Payout and bond price (USDB per PEX) of a `kind` bond of `ethAmount` ETH now
    /// (from the average a bond in this block would apply; reverts as that bond would).
    /// @param kind the bond kind (0 ETH, 1 LP)
    /// @param ethAmount ETH paid (wei)
    /// @return payout PEX the bond would pay (vesting)
    /// @return bondPrice USDB per PEX, 18 decimals
    function previewBond(BondKind kind, uint256 ethAmount) external view returns (uint256 payout, uint256 bondPrice) {
        (uint256 pexReserve, uint256 wethReserve, uint32 pairTimestamp) = _reserves();
        uint256 average = _twapView(pexReserve, wethReserve, pairTimestamp);
        if (kind == BondKind.Lp) _checkLpSpot(pexReserve, wethReserve, average);
        return _quote(kind, ethAmount, average);
    }

    /// @notice Floor price of bonds (USDB per PEX), ETH/USD feed and its staleness limit.
    /// @return minBondPrice USDB per PEX below which no bond sells
    /// @return priceFeed the ETH/USD feed
    /// @return maxPriceAge seconds after which its answer is refused
    function priceTerms() external view returns (uint256 minBondPrice, address priceFeed, uint256 maxPriceAge) {
        (priceFeed, maxPriceAge) = _priceFeedTerms();
        minBondPrice = _minBondPrice;
    }

    // ------------------------------------------------------------------ internals

    function _ethBond(uint256 random, uint256 pexAmountMin) private returns (uint256 id, uint256 payout) {
        uint256 eth = msg.value;
        if (eth == 0) revert FrontZeroAmount();
        (uint256 pexReserve, uint256 wethReserve, uint32 pairTimestamp) = _reserves();
        uint256 price;
        (payout, price) = _quote(BondKind.Eth, eth, _twapForUse(pexReserve, wethReserve, pairTimestamp));
        if (payout < pexAmountMin || payout == 0) revert FrontSlippage(payout, pexAmountMin);
        id = _record(BondKind.Eth, payout);
        emit Bonded(msg.sender, id, random, BondKind.Eth, eth, payout, price);
        _pex.mint(address(this), payout);
        _sendEth(_treasury1, eth);
    }

    /// @dev Adds `eth` and at most `pexAtAverage` (the PEX worth `eth` at the average) to the pool
    /// for treasury 2; what the router leaves unpaired is burned (PEX) or sent to treasury 1
    /// (ETH). The router pairs at the pool's spot price p (ETH per PEX), a the average, d the
    /// bound: when p ≤ a, all `pexAtAverage` with ETH `pexAtAverage` × p, at least
    /// `eth` × (1 − d), i.e. p ≥ a × (1 − d); when p > a, all the ETH with PEX `eth` / p, at
    /// least `pexAtAverage` / (1 + d), i.e. p ≤ a × (1 + d). So the router itself refuses what
    /// `_checkLpSpot` refuses (to rounding, a wei), and never pulls more PEX than minted for it.
    function _addLiquidity(uint256 id, uint256 eth, uint256 pexAtAverage, uint256 deadline) private {
        (uint256 pexAdded, uint256 ethAdded, uint256 liquidity) = _router.addLiquidityETH{value: eth}(
            address(_pex),
            pexAtAverage,
            (pexAtAverage * BPS) / (BPS + LP_MAX_DEVIATION_BPS),
            (eth * (BPS - LP_MAX_DEVIATION_BPS)) / BPS,
            _treasury2,
            deadline
        );
        emit LiquidityAdded(id, pexAdded, ethAdded, liquidity);
        if (pexAtAverage > pexAdded) _pex.burn(pexAtAverage - pexAdded);
        if (eth > ethAdded) _sendEth(_treasury1, eth - ethAdded);
    }

    /// @dev Reverts `FrontLpSpotOffAverage` when the pool's spot price strays from `averageX112`
    /// (both ETH per PEX, UQ112x112) by more than LP_MAX_DEVIATION_BPS either way. Both prices
    /// are below 2**224, so the products cannot overflow.
    function _checkLpSpot(uint256 pexReserve, uint256 wethReserve, uint256 averageX112) private pure {
        uint256 spot = _fraction(wethReserve, pexReserve);
        uint256 deviation = spot > averageX112 ? spot - averageX112 : averageX112 - spot;
        if (deviation * BPS > averageX112 * LP_MAX_DEVIATION_BPS)
            revert FrontLpSpotOffAverage(_toWad(spot), _toWad(averageX112), LP_MAX_DEVIATION_BPS);
    }

    /// @dev Payout in PEX for `eth` ETH of a `kind` bond, and the bond price in USDB per PEX,
    /// at `averageX112`, the PEX-ETH average (ETH per PEX, UQ112x112).
    function _quote(BondKind kind, uint256 eth, uint256 averageX112) private view returns (uint256 payout, uint256 price) {
        uint256 ethPrice = _ethPrice();
        uint256 market = _mulX112(averageX112, ethPrice);
        uint256 rate = _terms[kind].rateBps;
        price = kind == BondKind.Eth ? (market * (BPS - rate)) / BPS : (market * BPS) / (BPS + rate);
        if (price < _minBondPrice) price = _minBondPrice;
        if (price == 0) revert FrontNoLiquidity();
        payout = Math.mulDiv(eth, ethPrice, price);
    }

    function _sendEth(address to, uint256 amount) private {
        (bool ok, ) = to.call{value: amount}("");
        if (!ok) revert FrontEthTransferFailed();
    }
}
