// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IUniswapV2Pair} from "@uniswap/v2-core/contracts/interfaces/IUniswapV2Pair.sol";
import {IUniswapV2Router02} from "@uniswap/v2-periphery/contracts/interfaces/IUniswapV2Router02.sol";
import {PEX} from "../tokens/PEX.sol";
import {SPEX} from "../staking/SPEX.sol";
import {VaultToken} from "../rewards/VaultToken.sol";
import {AggregatorV3Interface} from "../oracle/AggregatorV3Interface.sol";
import {IPexPriceSource} from "../interfaces/IPexPriceSource.sol";
import {UniswapV2TwapOracle} from "../oracle/UniswapV2TwapOracle.sol";

/// @title Front
/// @notice The bond desk and the protocol's price and dashboard reader.
///
/// Bonds sell PEX for ETH below the market price; the payout vests linearly and is redeemed
/// with `redeemBond`. `ethBond` sends the ETH to treasury 1 (reserves). `lpBond` pairs the ETH
/// with newly minted PEX at the pool's current ratio and adds both to the PEX-ETH Uniswap V2
/// pool through the router; the LP tokens go to treasury 2 (protocol-owned liquidity). Each
/// kind has a remaining capacity (PEX it may still sell), a vesting term and a rate: the ETH
/// bond's discount on the market price, the LP bond's reward rate (extra PEX per unit of value).
/// No bond sells below `minBondPrice`.
///
/// Prices: ETH/USD from a Chainlink-shaped feed, rejected when older than `maxPriceAge`; PEX in
/// ETH from the pool. Bonds (and SPEX's acceleration fees) are priced from the pool's
/// time-weighted average (`UniswapV2TwapOracle`), refused when it is stale or the spot price
/// strays from it; the dashboard's figures and `getPexUSDBPrice` show the spot price. See
/// docs/contracts.md for the trust notes. Every price and value is in USDB with 18 decimals.
contract Front is IPexPriceSource, UniswapV2TwapOracle, Ownable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    enum BondKind {
        Eth,
        Lp
    }

    struct Terms {
        uint16 rateBps;
        uint32 vesting;
        uint128 capacity;
    }

    struct Bond {
        address owner;
        BondKind kind;
        uint40 start;
        uint32 vesting;
        uint112 payout;
        uint112 redeemed;
        uint32 prevId; // the owner's previous bond: a per-owner linked list, newest first
    }

    struct Account {
        uint32 lastBondId;
        uint32 bondCount;
    }

    /// @notice One bond as the app lists it.
    struct BondInfo {
        uint256 id;
        address owner;
        BondKind kind;
        uint256 start;
        uint256 vesting;
        uint256 payout;
        uint256 redeemed;
        uint256 redeemable;
        uint256 vested;
    }

    /// @notice The dashboard's figures, all in 18-decimal units (USDB for values and prices).
    struct Dashboard {
        uint256 marketCap;
        uint256 pexPrice;
        uint256 backingPerPex;
        uint256 pexTotalSupply;
        uint256 winPrice;
        uint256 winVault;
        uint256 win1Price;
        uint256 win1Vault;
        uint256 treasury1Value;
        uint256 treasury2Value;
        uint256 riskFreeValue;
        uint256 totalDepositedPex;
        uint256 spexSupply;
        uint256 polLiquidity;
        uint256 polShareBps;
        uint256 polValue;
        uint256 ethPrice;
        uint256 nextRebase;
        uint256 rewardRate;
    }

    /// @notice Addresses the desk works with.
    struct Links {
        PEX pex;
        SPEX spex;
        IERC20 usdb;
        IUniswapV2Router02 router;
        IUniswapV2Pair pair;
        address treasury1;
        address treasury2;
        VaultToken win;
        VaultToken win1;
    }

    uint256 private constant BPS = 10_000;
    uint256 private constant ONE = 1e18;

    PEX private immutable _pex;
    SPEX private immutable _spex;
    IERC20 private immutable _usdb;
    IUniswapV2Router02 private immutable _router;
    IUniswapV2Pair private immutable _pair;
    address private immutable _treasury1;
    address private immutable _treasury2;
    VaultToken private immutable _win;
    VaultToken private immutable _win1;

    AggregatorV3Interface private _priceFeed;
    uint32 private _maxPriceAge;
    uint8 private _feedDecimals;
    uint32 private _lastBondId;
    uint128 private _minBondPrice;
    mapping(BondKind kind => Terms) private _terms;
    mapping(uint256 id => Bond) private _bonds;
    mapping(address owner => Account) private _accounts;

    /// @notice Emitted when `user` bought bond `id` for `ethAmount` under reference `random`.
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
    event LiquidityAdded(uint256 indexed bondId, uint256 pexAmount, uint256 ethAmount, uint256 liquidity);
    /// @notice Emitted when `user` redeemed `amount` vested PEX of bond `id`.
    event BondRedeemed(address indexed user, uint256 indexed id, uint256 amount);
    /// @notice Emitted when the owner set the terms of a bond kind.
    event TermsSet(BondKind indexed kind, uint256 rateBps, uint256 vesting, uint256 capacity);
    /// @notice Emitted when the owner set the floor price of bonds.
    event MinBondPriceSet(uint256 price);
    /// @notice Emitted when the owner set the ETH/USD feed and its staleness limit.
    event PriceFeedSet(address indexed feed, uint256 maxAge);

    error FrontZeroAmount();
    error FrontDeadlinePassed(uint256 deadline);
    error FrontSlippage(uint256 payout, uint256 pexAmountMin);
    error FrontCapacityExceeded(BondKind kind, uint256 payout, uint256 capacity);
    error FrontNoLiquidity();
    error FrontStalePrice(uint256 updatedAt, uint256 maxAge);
    error FrontInvalidPrice(int256 answer);
    error FrontUnknownBond(uint256 id);
    error FrontNotBondOwner(uint256 id, address caller);
    error FrontNothingToRedeem(uint256 id);
    error FrontInvalidTerms();
    error FrontEthTransferFailed();
    error FrontUnexpectedEth(address from);

    /// @param links_ the contracts the desk works with (this contract needs PEX's `MINTER_ROLE`)
    /// @param priceFeed_ the ETH/USD feed
    /// @param maxPriceAge_ seconds after which a feed answer counts as stale
    /// @param twap_ the PEX-ETH average's window, staleness limit and spot deviation bound
    /// @param initialOwner owner of the terms
    constructor(
        Links memory links_,
        AggregatorV3Interface priceFeed_,
        uint32 maxPriceAge_,
        TwapTerms memory twap_,
        address initialOwner
    ) UniswapV2TwapOracle(links_.pair, address(links_.pex), twap_) Ownable(initialOwner) {
        _pex = links_.pex;
        _spex = links_.spex;
        _usdb = links_.usdb;
        _router = links_.router;
        _pair = links_.pair;
        _treasury1 = links_.treasury1;
        _treasury2 = links_.treasury2;
        _win = links_.win;
        _win1 = links_.win1;
        _setPriceFeed(priceFeed_, maxPriceAge_);
        // The router pulls the PEX side of LP bonds from here; OpenZeppelin does not spend an
        // infinite allowance down, so one approval serves every bond.
        IERC20(address(links_.pex)).forceApprove(address(links_.router), type(uint256).max);
    }

    /// @notice Accepts only the router's refund of unpaired ETH during `lpBond`.
    receive() external payable {
        if (msg.sender != address(_router)) revert FrontUnexpectedEth(msg.sender);
    }

    // ------------------------------------------------------------------ bonds

    /// @notice Buys an ETH bond with `msg.value`: PEX at the ETH bond's discount, vesting
    /// linearly; the ETH goes to treasury 1. Use `ethBondWithMin` to bound the payout.
    /// @param random the caller's reference, echoed in `Bonded`
    function ethBond(uint256 random) external payable nonReentrant returns (uint256 id) {
        (id, ) = _ethBond(random, 0);
    }

    /// @notice `ethBond` that reverts unless the payout is at least `pexAmountMin` by `deadline`.
    function ethBondWithMin(uint256 random, uint256 pexAmountMin, uint256 deadline) external payable nonReentrant returns (uint256 id) {
        if (block.timestamp > deadline) revert FrontDeadlinePassed(deadline);
        (id, ) = _ethBond(random, pexAmountMin);
    }

    /// @notice Buys an LP bond with `msg.value`: the ETH and PEX minted at the pool's ratio are
    /// added to the PEX-ETH pool for treasury 2, and the caller gets PEX worth the ETH plus the
    /// LP reward rate, vesting linearly.
    /// @param random the caller's reference, echoed in `Bonded`
    /// @param pexAmountMin the least payout the caller accepts (slippage bound)
    /// @param deadline the latest timestamp at which the bond may execute
    function lpBond(uint256 random, uint256 pexAmountMin, uint256 deadline) external payable nonReentrant returns (uint256 id) {
        if (block.timestamp > deadline) revert FrontDeadlinePassed(deadline);
        uint256 eth = msg.value;
        if (eth == 0) revert FrontZeroAmount();
        (uint256 pexReserve, uint256 wethReserve, uint32 pairTimestamp) = _reserves();
        // The value is priced from the average; the PEX paired goes in at the pool's own ratio,
        // which the average's deviation bound keeps close to it.
        uint256 average = _twapForUse(pexReserve, wethReserve, pairTimestamp);
        uint256 pexPaired = (eth * pexReserve) / wethReserve;
        (uint256 payout, uint256 price) = _quote(BondKind.Lp, eth, average);
        if (payout < pexAmountMin || payout == 0) revert FrontSlippage(payout, pexAmountMin);
        id = _record(BondKind.Lp, payout);
        emit Bonded(msg.sender, id, random, BondKind.Lp, eth, payout, price);

        _pex.mint(address(this), pexPaired + payout);
        _addLiquidity(id, eth, pexPaired, deadline);
    }

    /// @notice Pays the vested, not yet redeemed PEX of bond `id` to its owner.
    function redeemBond(uint256 id) external nonReentrant returns (uint256 amount) {
        amount = _redeem(id);
        IERC20(address(_pex)).safeTransfer(msg.sender, amount);
    }

    /// @notice `redeemBond` for several bonds in one transaction (each must have something vested).
    function redeemBonds(uint256[] calldata ids) external nonReentrant returns (uint256 total) {
        for (uint256 i = 0; i < ids.length; ++i) total += _redeem(ids[i]);
        IERC20(address(_pex)).safeTransfer(msg.sender, total);
    }

    // ------------------------------------------------------------------ the app's views

    /// @notice Native ETH balance of `user`.
    function getEthBalance(address user) external view returns (uint256) {
        return user.balance;
    }

    /// @notice Price of 1 ETH in USDB (18 decimals), from the feed.
    function getEthPrice() public view returns (uint256) {
        return _ethPrice();
    }

    /// @notice USDB value of `ethAmount` ETH.
    function getEthUSDBNeeded(uint256 ethAmount) external view returns (uint256) {
        return (ethAmount * _ethPrice()) / ONE;
    }

    /// @notice USDB value of `pexAmount` PEX at the market price.
    function getPexUSDBNeeded(uint256 pexAmount) external view returns (uint256) {
        return (pexAmount * getPexUSDBPrice()) / ONE;
    }

    /// @inheritdoc IPexPriceSource
    function getPexUSDBPrice() public view returns (uint256) {
        (uint256 pexReserve, uint256 wethReserve, ) = _reserves();
        return Math.mulDiv(wethReserve, _ethPrice(), pexReserve);
    }

    /// @inheritdoc IPexPriceSource
    function getPexUSDBAveragePrice() external view returns (uint256) {
        return _mulX112(_averageView(), _ethPrice());
    }

    /// @inheritdoc IPexPriceSource
    function updateAndGetPexUSDBAveragePrice() external returns (uint256) {
        (uint256 pexReserve, uint256 wethReserve, uint32 pairTimestamp) = _reserves();
        return _mulX112(_twapForUse(pexReserve, wethReserve, pairTimestamp), _ethPrice());
    }

    /// @notice The LP bond's reward rate in basis points (extra PEX per unit of value bonded).
    function getLpRewardRate() external view returns (uint256) {
        return _terms[BondKind.Lp].rateBps;
    }

    /// @notice Risk-free value of both treasuries in USDB: their ETH, USDB and the ETH side of
    /// their LP tokens, without any PEX.
    function getFreeRisk() public view returns (uint256) {
        uint256 ethPrice = _ethPrice();
        (, uint256 rfv1) = _treasuryValue(_treasury1, ethPrice);
        (, uint256 rfv2) = _treasuryValue(_treasury2, ethPrice);
        return rfv1 + rfv2;
    }

    /// @notice What an LP bond of `ethAmount` ETH does now (priced from the average a bond in
    /// this block would apply; reverts as that bond would when the average is refused).
    /// @return pair the PEX-ETH pool
    /// @return payout PEX the bond would pay (vesting); pass a little less as `pexAmountMin`
    /// @return pexPaired PEX minted to pair with the ETH in the pool
    function getLpBondParams(uint256 ethAmount) external view returns (address pair, uint256 payout, uint256 pexPaired) {
        (uint256 pexReserve, uint256 wethReserve, uint32 pairTimestamp) = _reserves();
        (payout, ) = _quote(BondKind.Lp, ethAmount, _twapView(pexReserve, wethReserve, pairTimestamp));
        return (address(_pair), payout, (ethAmount * pexReserve) / wethReserve);
    }

    /// @notice Payout and bond price (USDB per PEX) of a `kind` bond of `ethAmount` ETH now
    /// (from the average a bond in this block would apply; reverts as that bond would).
    function previewBond(BondKind kind, uint256 ethAmount) external view returns (uint256 payout, uint256 bondPrice) {
        return _quote(kind, ethAmount, _averageView());
    }

    /// @notice Rate (basis points), vesting (seconds) and remaining capacity (PEX) of `kind`.
    function bondTerms(BondKind kind) external view returns (uint256 rateBps, uint256 vesting, uint256 capacity) {
        Terms memory t = _terms[kind];
        return (t.rateBps, t.vesting, t.capacity);
    }

    /// @notice Floor price of bonds (USDB per PEX), ETH/USD feed and its staleness limit.
    function priceTerms() external view returns (uint256 minBondPrice, address priceFeed, uint256 maxPriceAge) {
        return (_minBondPrice, address(_priceFeed), _maxPriceAge);
    }

    /// @notice Bond `id` with its vested and redeemable amounts.
    function getBond(uint256 id) public view returns (BondInfo memory info) {
        Bond memory b = _bonds[id];
        if (b.owner == address(0)) revert FrontUnknownBond(id);
        uint256 vested = _vested(b);
        info = BondInfo({
            id: id,
            owner: b.owner,
            kind: b.kind,
            start: b.start,
            vesting: b.vesting,
            payout: b.payout,
            redeemed: b.redeemed,
            redeemable: vested - b.redeemed,
            vested: vested
        });
    }

    /// @notice Ids of `user`'s bonds, newest first.
    function bondIdsOf(address user) public view returns (uint256[] memory ids) {
        Account memory a = _accounts[user];
        ids = new uint256[](a.bondCount);
        uint256 id = a.lastBondId;
        for (uint256 i = 0; i < ids.length; ++i) {
            ids[i] = id;
            id = _bonds[id].prevId;
        }
    }

    /// @notice `user`'s bonds, newest first.
    function getBonds(address user) external view returns (BondInfo[] memory bonds) {
        uint256[] memory ids = bondIdsOf(user);
        bonds = new BondInfo[](ids.length);
        for (uint256 i = 0; i < ids.length; ++i) bonds[i] = getBond(ids[i]);
    }

    /// @notice Number of bonds ever sold (ids run from 1 to this).
    function bondCount() external view returns (uint256) {
        return _lastBondId;
    }

    /// @notice The whole dashboard in one call.
    function getDashboard() external view returns (Dashboard memory d) {
        uint256 ethPrice = _ethPrice();
        (uint256 pexReserve, uint256 wethReserve, ) = _reserves();
        d.ethPrice = ethPrice;
        d.pexPrice = Math.mulDiv(wethReserve, ethPrice, pexReserve);
        d.pexTotalSupply = _pex.totalSupply();
        d.marketCap = Math.mulDiv(d.pexTotalSupply, d.pexPrice, ONE);
        uint256 rfv1;
        uint256 rfv2;
        (d.treasury1Value, rfv1) = _treasuryValue(_treasury1, ethPrice);
        (d.treasury2Value, rfv2) = _treasuryValue(_treasury2, ethPrice);
        d.riskFreeValue = rfv1 + rfv2;
        d.backingPerPex = d.pexTotalSupply == 0 ? 0 : Math.mulDiv(d.riskFreeValue, ONE, d.pexTotalSupply);
        d.winPrice = _win.getPrice();
        d.winVault = _win.vault();
        d.win1Price = _win1.getPrice();
        d.win1Vault = _win1.vault();
        d.totalDepositedPex = _spex.totalStakedPrincipal();
        d.spexSupply = _spex.totalSupply();
        (d.polLiquidity, d.polShareBps, d.polValue) = getProtocolOwnedLiquidity();
        d.nextRebase = _spex.getNextRebase();
        d.rewardRate = _spex.rewardRate();
    }

    /// @notice Market cap: PEX total supply times the PEX price.
    function getMarketCap() external view returns (uint256) {
        return Math.mulDiv(_pex.totalSupply(), getPexUSDBPrice(), ONE);
    }

    /// @notice Risk-free value per PEX in supply.
    function getBackingPerPex() external view returns (uint256) {
        uint256 supply = _pex.totalSupply();
        return supply == 0 ? 0 : Math.mulDiv(getFreeRisk(), ONE, supply);
    }

    /// @notice Market value of treasury 1 (reserves) in USDB.
    function getTreasury1Value() external view returns (uint256 value) {
        (value, ) = _treasuryValue(_treasury1, _ethPrice());
    }

    /// @notice Market value of treasury 2 (protocol-owned liquidity) in USDB.
    function getTreasury2Value() external view returns (uint256 value) {
        (value, ) = _treasuryValue(_treasury2, _ethPrice());
    }

    /// @notice PEX principal staked in sPEX positions.
    function getTotalDepositedPex() external view returns (uint256) {
        return _spex.totalStakedPrincipal();
    }

    /// @notice PEX-ETH LP tokens held by treasury 2, their share of the pool (basis points) and
    /// their value in USDB.
    function getProtocolOwnedLiquidity() public view returns (uint256 liquidity, uint256 shareBps, uint256 value) {
        liquidity = IERC20(address(_pair)).balanceOf(_treasury2);
        uint256 lpSupply = IERC20(address(_pair)).totalSupply();
        if (lpSupply == 0) return (0, 0, 0);
        shareBps = (liquidity * BPS) / lpSupply;
        (, uint256 wethReserve, ) = _reserves();
        // Both sides of a constant-product pool are worth the same: twice the ETH side.
        value = Math.mulDiv(2 * wethReserve * liquidity, _ethPrice(), lpSupply * ONE);
    }

    /// @notice The contracts the desk works with.
    function links() external view returns (Links memory) {
        return Links(_pex, _spex, _usdb, _router, _pair, _treasury1, _treasury2, _win, _win1);
    }

    // ------------------------------------------------------------------ owner

    /// @notice Sets a bond kind's rate (ETH: discount, at most 50 %; LP: reward rate, at most
    /// 100 %), vesting (1 hour to 365 days) and remaining capacity in PEX.
    function setBondTerms(BondKind kind, uint256 rateBps, uint256 vesting, uint256 capacity) external onlyOwner {
        uint256 maxRate = kind == BondKind.Eth ? BPS / 2 : BPS;
        if (rateBps > maxRate || vesting < 1 hours || vesting > 365 days) revert FrontInvalidTerms();
        _terms[kind] = Terms({rateBps: uint16(rateBps), vesting: uint32(vesting), capacity: capacity.toUint128()});
        emit TermsSet(kind, rateBps, vesting, capacity);
    }

    /// @notice Sets the price below which no bond sells (USDB per PEX, 18 decimals).
    function setMinBondPrice(uint256 price) external onlyOwner {
        _minBondPrice = price.toUint128();
        emit MinBondPriceSet(price);
    }

    /// @notice Sets the ETH/USD feed and the age after which its answer is refused.
    function setPriceFeed(AggregatorV3Interface feed, uint32 maxAge) external onlyOwner {
        _setPriceFeed(feed, maxAge);
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

    /// @dev Adds `eth` and `pexPaired` to the pool for treasury 2; what the router leaves unpaired
    /// is burned (PEX) or sent to treasury 1 (ETH).
    function _addLiquidity(uint256 id, uint256 eth, uint256 pexPaired, uint256 deadline) private {
        (uint256 pexAdded, uint256 ethAdded, uint256 liquidity) = _router.addLiquidityETH{value: eth}(
            address(_pex),
            pexPaired,
            0, // the amounts come from this block's reserves, so the router cannot pair worse ones
            0,
            _treasury2,
            deadline
        );
        emit LiquidityAdded(id, pexAdded, ethAdded, liquidity);
        if (pexPaired > pexAdded) _pex.burn(pexPaired - pexAdded);
        if (eth > ethAdded) _sendEth(_treasury1, eth - ethAdded);
    }

    function _record(BondKind kind, uint256 payout) private returns (uint256 id) {
        Terms storage t = _terms[kind];
        uint256 capacity = t.capacity;
        if (payout > capacity) revert FrontCapacityExceeded(kind, payout, capacity);
        // Checked just above: the payout does not exceed the capacity.
        unchecked {
            t.capacity = uint128(capacity - payout);
        }
        Account storage a = _accounts[msg.sender];
        id = ++_lastBondId;
        _bonds[id] = Bond({
            owner: msg.sender,
            kind: kind,
            start: uint40(block.timestamp),
            vesting: t.vesting,
            payout: payout.toUint112(),
            redeemed: 0,
            prevId: a.lastBondId
        });
        a.lastBondId = uint32(id);
        a.bondCount += 1;
    }

    function _redeem(uint256 id) private returns (uint256 amount) {
        Bond storage b = _bonds[id];
        if (b.owner == address(0)) revert FrontUnknownBond(id);
        if (b.owner != msg.sender) revert FrontNotBondOwner(id, msg.sender);
        amount = _vested(b) - b.redeemed;
        if (amount == 0) revert FrontNothingToRedeem(id);
        b.redeemed += uint112(amount);
        emit BondRedeemed(msg.sender, id, amount);
    }

    function _vested(Bond memory b) private view returns (uint256) {
        uint256 elapsed = block.timestamp - b.start;
        if (elapsed >= b.vesting) return b.payout;
        return (uint256(b.payout) * elapsed) / b.vesting;
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

    function _ethPrice() private view returns (uint256) {
        (, int256 answer, , uint256 updatedAt, ) = _priceFeed.latestRoundData();
        if (answer <= 0) revert FrontInvalidPrice(answer);
        if (block.timestamp > updatedAt + _maxPriceAge) revert FrontStalePrice(updatedAt, _maxPriceAge);
        return uint256(answer) * 10 ** (18 - _feedDecimals);
    }

    /// @dev The PEX-ETH pool's reserves and the timestamp of its last update.
    function _reserves() private view returns (uint256 pexReserve, uint256 wethReserve, uint32 pairTimestamp) {
        (pexReserve, wethReserve, pairTimestamp) = _pairReserves();
        if (pexReserve == 0 || wethReserve == 0) revert FrontNoLiquidity();
    }

    /// @dev The PEX-ETH average a use in this block would apply (see `UniswapV2TwapOracle`).
    function _averageView() private view returns (uint256) {
        (uint256 pexReserve, uint256 wethReserve, uint32 pairTimestamp) = _reserves();
        return _twapView(pexReserve, wethReserve, pairTimestamp);
    }

    /// @dev Only the owner sets the average's terms.
    function _authorizeTwapTerms() internal view override onlyOwner {}

    /// @dev Market value and risk-free value (everything but PEX) of a treasury's ETH, USDB, PEX
    /// and PEX-ETH LP tokens.
    function _treasuryValue(address treasury, uint256 ethPrice) private view returns (uint256 value, uint256 riskFree) {
        (uint256 pexReserve, uint256 wethReserve, ) = _reserves();
        uint256 pexPrice = Math.mulDiv(wethReserve, ethPrice, pexReserve);
        uint256 ethValue = Math.mulDiv(treasury.balance, ethPrice, ONE);
        uint256 usdbValue = _usdb.balanceOf(treasury);
        uint256 pexValue = Math.mulDiv(IERC20(address(_pex)).balanceOf(treasury), pexPrice, ONE);
        uint256 lpSupply = IERC20(address(_pair)).totalSupply();
        uint256 lpEthSide = lpSupply == 0
            ? 0
            : Math.mulDiv(Math.mulDiv(IERC20(address(_pair)).balanceOf(treasury), wethReserve, lpSupply), ethPrice, ONE);
        riskFree = ethValue + usdbValue + lpEthSide;
        value = riskFree + pexValue + lpEthSide;
    }

    function _sendEth(address to, uint256 amount) private {
        (bool ok, ) = to.call{value: amount}("");
        if (!ok) revert FrontEthTransferFailed();
    }

    function _setPriceFeed(AggregatorV3Interface feed, uint32 maxAge) private {
        if (address(feed) == address(0) || maxAge == 0) revert FrontInvalidTerms();
        uint8 decimals = feed.decimals();
        if (decimals > 18) revert FrontInvalidTerms();
        _priceFeed = feed;
        _maxPriceAge = maxAge;
        _feedDecimals = decimals;
        emit PriceFeedSet(address(feed), maxAge);
    }
}
