// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IUniswapV2Pair} from "@uniswap/v2-core/contracts/interfaces/IUniswapV2Pair.sol";
import {IUniswapV2Router02} from "@uniswap/v2-periphery/contracts/interfaces/IUniswapV2Router02.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ProtocolRoles} from "../access/ProtocolRoles.sol";
import {IFrontErrors} from "../interfaces/IFrontErrors.sol";
import {IPexPriceSource} from "../interfaces/IPexPriceSource.sol";
import {AggregatorV3Interface} from "../oracle/AggregatorV3Interface.sol";
import {UniswapV2TwapOracle} from "../oracle/UniswapV2TwapOracle.sol";
import {VaultToken} from "../rewards/VaultToken.sol";
import {SPEX} from "../staking/SPEX.sol";
import {PEX} from "../tokens/PEX.sol";

/// @title FrontPrices
/// @notice The contracts the bond desk works with, and the prices it reads from them: ETH/USD
/// from a Chainlink-shaped feed, rejected when older than `maxPriceAge`; PEX in ETH from the
/// PEX-ETH pool. Uses (bonds, SPEX's acceleration fees) are priced from the pool's time-weighted
/// average (`UniswapV2TwapOracle`), refused when it is stale or the spot price strays from it;
/// `getPexUSDBPrice` and the dashboard show the spot price. Every price is in USDB, 18 decimals.
abstract contract FrontPrices is IFrontErrors, IPexPriceSource, UniswapV2TwapOracle, ProtocolRoles {
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

    uint256 internal constant BPS = 10_000;
    uint256 internal constant ONE = 1e18;

    PEX internal immutable _pex;
    SPEX internal immutable _spex;
    IERC20 internal immutable _usdb;
    IUniswapV2Router02 internal immutable _router;
    IUniswapV2Pair internal immutable _pair;
    address internal immutable _treasury1;
    address internal immutable _treasury2;
    VaultToken internal immutable _win;
    VaultToken internal immutable _win1;

    AggregatorV3Interface private _priceFeed;
    uint32 private _maxPriceAge;
    uint8 private _feedDecimals;

    /// @notice Emitted when the ETH/USD feed and its staleness limit were set.
    /// @param feed the ETH/USD feed (Chainlink AggregatorV3-shaped)
    /// @param maxAge seconds after which its answer is refused
    event PriceFeedSet(address indexed feed, uint256 maxAge);

    /// @param links_ the contracts the desk works with
    /// @param priceFeed_ the ETH/USD feed
    /// @param maxPriceAge_ seconds after which a feed answer counts as stale
    /// @param twap_ the PEX-ETH average's window, staleness limit and spot deviation bound
    constructor(
        Links memory links_,
        AggregatorV3Interface priceFeed_,
        uint32 maxPriceAge_,
        TwapTerms memory twap_
    ) UniswapV2TwapOracle(links_.pair, address(links_.pex), twap_) {
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
    }

    /// @notice Price of 1 ETH in USDB (18 decimals), from the feed.
    function getEthPrice() external view returns (uint256) {
        return _ethPrice();
    }

    /// @notice USDB value of `ethAmount` ETH.
    /// @param ethAmount ETH in wei
    function getEthUSDBNeeded(uint256 ethAmount) external view returns (uint256) {
        return (ethAmount * _ethPrice()) / ONE;
    }

    /// @notice USDB value of `pexAmount` PEX at the market price.
    /// @param pexAmount PEX, 18 decimals
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

    /// @notice The contracts the desk works with.
    function links() external view returns (Links memory) {
        return Links(_pex, _spex, _usdb, _router, _pair, _treasury1, _treasury2, _win, _win1);
    }

    /// @notice Sets the ETH/USD feed and the age after which its answer is refused; only for
    /// `TERMS_ROLE`.
    /// @param feed the ETH/USD feed (Chainlink AggregatorV3-shaped)
    /// @param maxAge seconds after which its answer is refused
    function setPriceFeed(AggregatorV3Interface feed, uint32 maxAge) external onlyRole(TERMS_ROLE) {
        _setPriceFeed(feed, maxAge);
    }

    // ------------------------------------------------------------------ internals

    /// @dev The feed's answer as USDB per ETH, 18 decimals; reverts when stale or not positive.
    function _ethPrice() internal view returns (uint256) {
        (, int256 answer, , uint256 updatedAt, ) = _priceFeed.latestRoundData();
        if (answer <= 0) revert FrontInvalidPrice(answer);
        if (block.timestamp > updatedAt + _maxPriceAge) revert FrontStalePrice(updatedAt, _maxPriceAge);
        return uint256(answer) * 10 ** (18 - _feedDecimals);
    }

    /// @dev The ETH/USD feed and its staleness limit.
    function _priceFeedTerms() internal view returns (address feed, uint256 maxAge) {
        return (address(_priceFeed), _maxPriceAge);
    }

    /// @dev The PEX-ETH pool's reserves and the timestamp of its last update.
    function _reserves() internal view returns (uint256 pexReserve, uint256 wethReserve, uint32 pairTimestamp) {
        (pexReserve, wethReserve, pairTimestamp) = _pairReserves();
        if (pexReserve == 0 || wethReserve == 0) revert FrontNoLiquidity();
    }

    /// @dev The PEX-ETH average a use in this block would apply (see `UniswapV2TwapOracle`).
    function _averageView() internal view returns (uint256) {
        (uint256 pexReserve, uint256 wethReserve, uint32 pairTimestamp) = _reserves();
        return _twapView(pexReserve, wethReserve, pairTimestamp);
    }

    /// @dev Only `TERMS_ROLE` sets the average's terms.
    function _authorizeTwapTerms() internal view override onlyRole(TERMS_ROLE) {}

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
