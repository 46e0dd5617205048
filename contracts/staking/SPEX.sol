// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ProtocolRoles} from "../access/ProtocolRoles.sol";
import {IStakeObserver} from "../interfaces/IStakeObserver.sol";
import {PEX} from "../tokens/PEX.sol";
import {SPexRebase} from "./SPexRebase.sol";
import {SPexPositions} from "./SPexPositions.sol";
import {SPexAcceleration} from "./SPexAcceleration.sol";
import {SPexPermits} from "./SPexPermits.sol";

/// @title SPEX
/// @notice Olympus-style staking, composed from its modules: `SPexRebase` (the rebasing sPEX
/// supply), `SPexPositions` (stake, claim, unstake), `SPexAcceleration` (buying rebases for
/// USDB) and `SPexPermits` (stake and accelerate with an ERC-2612 permit, in one transaction).
/// Staked PEX becomes sPEX, a balance that grows at every rebase.
///
/// sPEX is a receipt bound to its positions: it cannot be transferred (`transfer` reverts with
/// `SPexTransferDisabled`), because every unit belongs to a position with its own history.
/// Roles: `DEFAULT_ADMIN_ROLE` grants roles; `TERMS_ROLE` sets the reward rate, epoch length,
/// warmup, acceleration terms and links.
contract SPEX is SPexPermits {
    /// @param pex_ the PEX token (this contract needs its `MINTER_ROLE`)
    /// @param usdb_ the token acceleration fees are paid in
    /// @param observer_ told of every change of an account's staked principal (the DAO), or
    /// address(0)
    /// @param initialOwner holds `DEFAULT_ADMIN_ROLE` and `TERMS_ROLE` at first
    /// @param epochLength seconds per epoch (8 hours in production), also the first warmup
    /// @param firstEpochEnd timestamp of the first rebase
    /// @param rewardRate_ reward per epoch over `RATE_DENOMINATOR`
    constructor(
        PEX pex_,
        IERC20 usdb_,
        IStakeObserver observer_,
        address initialOwner,
        uint32 epochLength,
        uint64 firstEpochEnd,
        uint32 rewardRate_
    )
        ERC20("Staked PEX", "sPEX")
        ProtocolRoles(initialOwner)
        SPexRebase(pex_, epochLength, firstEpochEnd, rewardRate_)
        SPexPositions(observer_, epochLength)
        SPexAcceleration(usdb_)
    {}

    /// @notice sPEX has no initial supply; kept for the token interface the app reads.
    function initialSupply() external pure returns (uint256) {
        return 0;
    }

    /// @dev sPEX moves only by staking, claiming, accelerating and unstaking.
    function _update(address, address, uint256) internal pure override {
        revert SPexTransferDisabled();
    }
}
