// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {TokenPermits} from "../tokens/TokenPermits.sol";
import {SPexAcceleration} from "./SPexAcceleration.sol";

/// @title SPexPermits
/// @notice One transaction instead of approve-then-act: `stakeWithPermit` and
/// `accelerateProfitWithPermit` take the caller's ERC-2612 signature for PEX or USDB and act in
/// the same call (see ADR-0199). A permit someone else submitted first is
/// harmless: the call goes on when the allowance covers the amount, and reverts with
/// `SPexPermitRefused` otherwise. Only the caller's own tokens are ever pulled.
abstract contract SPexPermits is SPexAcceleration {
    /// @notice `stake` with an ERC-2612 permit for exactly `pexAmount` PEX instead of an approval.
    /// @param pexAmount PEX to stake, 18 decimals (the permit's value)
    /// @param random the caller's reference, echoed in `Staked`
    /// @param deadline the permit's deadline
    /// @param v the permit signature's v
    /// @param r the permit signature's r
    /// @param s the permit signature's s
    /// @return id the new position
    function stakeWithPermit(uint256 pexAmount, uint256 random, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
        nonReentrant
        returns (uint256 id)
    {
        _permit(IERC20Permit(address(_pex)), pexAmount, deadline, v, r, s);
        return _stake(pexAmount, random);
    }

    /// @notice `accelerateProfit` with an ERC-2612 permit for `maxFee` USDB instead of an approval.
    /// The fee is priced in the block (`quoteAcceleration`), so the caller permits a ceiling: a fee
    /// above it reverts with `SPexFeeAboveMax`; below it, the rest of the permit stays as allowance.
    /// @param id the position
    /// @param day days to buy; a position may buy at most `maxAccelerationDays` in total
    /// @param maxFee the most USDB the caller pays (the permit's value)
    /// @param deadline the permit's deadline
    /// @param v the permit signature's v
    /// @param r the permit signature's r
    /// @param s the permit signature's s
    function accelerateProfitWithPermit(uint256 id, uint256 day, uint256 maxFee, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
        nonReentrant
    {
        _permit(IERC20Permit(address(_usdb)), maxFee, deadline, v, r, s);
        _accelerateProfit(id, day, maxFee);
    }

    /// @dev The caller's permit for `value` of `token`, or an allowance that covers it already.
    function _permit(IERC20Permit token, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) private {
        uint256 allowance = TokenPermits.permitOrAllowance(token, msg.sender, value, deadline, v, r, s);
        if (allowance < value) revert SPexPermitRefused(allowance, value);
    }
}
