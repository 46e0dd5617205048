// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {ProtocolRoles} from "../access/ProtocolRoles.sol";
import {ISPexErrors} from "../interfaces/ISPexErrors.sol";
import {PEX} from "../tokens/PEX.sol";

/// @title SPexRebase
/// @notice sPEX's rebasing supply. Every epoch (8 hours by default) anyone may trigger `rebase`,
/// which mints `rewardRate` of the staked supply as new PEX into the contract and grows every
/// sPEX balance by the same ratio. Balances are kept in "gons" (Olympus' sOHM technique): a
/// balance is `gons / gonsPerFragment`, and a rebase only lowers `gonsPerFragment`. Staking,
/// claiming and unstaking catch up a due rebase themselves (at most `MAX_INLINE_EPOCHS`).
abstract contract SPexRebase is ISPexErrors, ERC20, ProtocolRoles, ReentrancyGuardTransient {
    struct Totals {
        uint160 gons;
        uint96 principal;
    }

    /// @dev One slot, read by every stake (it also counts the positions).
    struct Epoch {
        uint64 end;
        uint32 length;
        uint32 number;
        uint32 rewardRate;
        uint32 lastStakeId;
    }

    /// @notice Denominator of `rewardRate`: 3_000 means 0.3 % per epoch.
    uint256 public constant RATE_DENOMINATOR = 1_000_000;
    /// @notice Upper bound of `rewardRate` (1 % per epoch).
    uint256 public constant MAX_REWARD_RATE = 10_000;
    uint256 private constant INITIAL_GONS_PER_FRAGMENT = 1e18;
    /// @dev `rebase` catches up at most this many missed epochs; a later call continues.
    uint256 private constant MAX_CATCH_UP_EPOCHS = 90;
    /// @dev Staking, claiming and unstaking catch up at most a day of epochs, which bounds their gas.
    uint256 internal constant MAX_INLINE_EPOCHS = 3;

    PEX internal immutable _pex;

    uint256 internal _gonsPerFragment;
    Totals internal _totals;
    Epoch internal _epoch;

    /// @notice Emitted when a rebase reached epoch `epoch`, minting `profit` PEX.
    /// @param epoch the epoch reached
    /// @param profit PEX minted
    /// @param totalSupply sPEX supply afterwards
    /// @param gonsPerFragment the divisor afterwards
    event Rebased(uint256 indexed epoch, uint256 profit, uint256 totalSupply, uint256 gonsPerFragment);
    /// @notice Emitted when the reward rate per epoch was set.
    /// @param rewardRate reward per epoch over `RATE_DENOMINATOR`
    event RewardRateSet(uint256 rewardRate);
    /// @notice Emitted when the epoch length was set (applies from the next epoch).
    /// @param length seconds per epoch
    event EpochLengthSet(uint256 length);

    /// @param pex_ the PEX token (the staking contract needs its `MINTER_ROLE`)
    /// @param epochLength seconds per epoch (8 hours in production)
    /// @param firstEpochEnd timestamp of the first rebase
    /// @param rewardRate_ reward per epoch over `RATE_DENOMINATOR`
    constructor(PEX pex_, uint32 epochLength, uint64 firstEpochEnd, uint32 rewardRate_) {
        if (epochLength == 0) revert SPexInvalidEpochLength(epochLength);
        if (rewardRate_ > MAX_REWARD_RATE) revert SPexRateTooHigh(rewardRate_);
        _pex = pex_;
        _gonsPerFragment = INITIAL_GONS_PER_FRAGMENT;
        _epoch = Epoch({end: firstEpochEnd, length: epochLength, number: 0, rewardRate: rewardRate_, lastStakeId: 0});
    }

    /// @notice Triggers the due rebase(s); anyone may call once `getNextRebase()` has passed.
    function rebase() external nonReentrant {
        uint64 end = _epoch.end;
        if (block.timestamp < end) revert SPexRebaseNotDue(end);
        _rebaseIfDue(MAX_CATCH_UP_EPOCHS);
    }

    /// @notice Sets the reward per epoch (over `RATE_DENOMINATOR`, at most `MAX_REWARD_RATE`);
    /// only for `TERMS_ROLE`.
    /// @param rate reward per epoch over `RATE_DENOMINATOR`
    function setRewardRate(uint256 rate) external onlyRole(TERMS_ROLE) {
        if (rate > MAX_REWARD_RATE) revert SPexRateTooHigh(rate);
        _epoch.rewardRate = uint32(rate);
        emit RewardRateSet(rate);
    }

    /// @notice Sets the epoch length in seconds (at most 30 days); the current epoch keeps its
    /// end. Only for `TERMS_ROLE`.
    /// @param length seconds per epoch
    function setEpochLength(uint256 length) external onlyRole(TERMS_ROLE) {
        if (length == 0 || length > 30 days) revert SPexInvalidEpochLength(length);
        _epoch.length = uint32(length);
        emit EpochLengthSet(length);
    }

    /// @notice Timestamp from which the next rebase can be triggered.
    function getNextRebase() external view returns (uint256) {
        return _epoch.end;
    }

    /// @notice Current epoch number, its end (the next rebase), its length and the reward rate.
    /// @return number epochs so far
    /// @return end timestamp of the next rebase
    /// @return length seconds per epoch
    /// @return rewardRate_ reward per epoch over `RATE_DENOMINATOR`
    function epoch() external view returns (uint256 number, uint256 end, uint256 length, uint256 rewardRate_) {
        Epoch memory e = _epoch;
        return (e.number, e.end, e.length, e.rewardRate);
    }

    /// @notice Reward rate per epoch over `RATE_DENOMINATOR`.
    function rewardRate() external view returns (uint256) {
        return _epoch.rewardRate;
    }

    /// @notice Divisor from gons to sPEX; falls at every rebase.
    function gonsPerFragment() external view returns (uint256) {
        return _gonsPerFragment;
    }

    /// @notice Number of positions ever opened (ids run from 1 to this).
    function stakeCount() external view returns (uint256) {
        return _epoch.lastStakeId;
    }

    /// @notice PEX principal staked in open positions ("total deposited PEX").
    function totalStakedPrincipal() external view returns (uint256) {
        return _totals.principal;
    }

    /// @notice Total sPEX: all gons over `gonsPerFragment`.
    function totalSupply() public view override returns (uint256) {
        return _totals.gons / _gonsPerFragment;
    }

    /// @dev Catches up at most `maxEpochs` due epochs: one mint of their compounded reward.
    function _rebaseIfDue(uint256 maxEpochs) internal {
        Epoch memory e = _epoch;
        if (block.timestamp < e.end) return;
        uint256 gpf = _gonsPerFragment;
        uint256 totalGons = _totals.gons;
        uint256 supply = totalGons / gpf;
        uint256 newSupply = supply;
        for (uint256 n = 0; n < maxEpochs && e.end <= block.timestamp; ++n) {
            newSupply += (newSupply * e.rewardRate) / RATE_DENOMINATOR;
            e.end += e.length;
            e.number += 1;
        }
        _epoch = e;
        uint256 profit = newSupply - supply;
        if (profit > 0) {
            // Rounding the divisor up keeps every balance, and their sum, within the PEX minted.
            gpf = Math.ceilDiv(totalGons, newSupply);
            _gonsPerFragment = gpf;
        }
        emit Rebased(e.number, profit, totalGons / gpf, gpf);
        if (profit > 0) _pex.mint(address(this), profit);
    }
}
