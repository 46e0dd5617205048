// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {FrontPrices} from "./FrontPrices.sol";

/// @title FrontDashboard
/// @notice The dashboard's figures: market cap, treasury values, risk-free value and backing,
/// protocol-owned liquidity, the WIN vaults and staking totals. Spot prices throughout (display
/// only; bonds and fees use the average).
abstract contract FrontDashboard is FrontPrices {
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

    /// @notice The whole dashboard in one call.
    /// @return d every figure of the dashboard
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

    /// @notice Native ETH balance of `user`.
    /// @param user the account
    function getEthBalance(address user) external view returns (uint256) {
        return user.balance;
    }

    /// @notice Risk-free value of both treasuries in USDB: their ETH, USDB and the ETH side of
    /// their LP tokens, without any PEX.
    function getFreeRisk() public view returns (uint256) {
        uint256 ethPrice = _ethPrice();
        (, uint256 rfv1) = _treasuryValue(_treasury1, ethPrice);
        (, uint256 rfv2) = _treasuryValue(_treasury2, ethPrice);
        return rfv1 + rfv2;
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
    /// @return value USDB, 18 decimals
    function getTreasury1Value() external view returns (uint256 value) {
        (value, ) = _treasuryValue(_treasury1, _ethPrice());
    }

    /// @notice Market value of treasury 2 (protocol-owned liquidity) in USDB.
    /// @return value USDB, 18 decimals
    function getTreasury2Value() external view returns (uint256 value) {
        (value, ) = _treasuryValue(_treasury2, _ethPrice());
    }

    /// @notice PEX principal staked in sPEX positions.
    function getTotalDepositedPex() external view returns (uint256) {
        return _spex.totalStakedPrincipal();
    }

    /// @notice PEX-ETH LP tokens held by treasury 2, their share of the pool (basis points) and
    /// their value in USDB.
    /// @return liquidity LP tokens held by treasury 2
    /// @return shareBps their share of the pool, basis points
    /// @return value USDB, 18 decimals
    function getProtocolOwnedLiquidity() public view returns (uint256 liquidity, uint256 shareBps, uint256 value) {
        liquidity = IERC20(address(_pair)).balanceOf(_treasury2);
        uint256 lpSupply = IERC20(address(_pair)).totalSupply();
        if (lpSupply == 0) return (0, 0, 0);
        shareBps = (liquidity * BPS) / lpSupply;
        (, uint256 wethReserve, ) = _reserves();
        // Both sides of a constant-product pool are worth the same: twice the ETH side.
        value = Math.mulDiv(2 * wethReserve * liquidity, _ethPrice(), lpSupply * ONE);
    }

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
}
