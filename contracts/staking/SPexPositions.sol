// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IStakeObserver} from "../interfaces/IStakeObserver.sol";
import {SPexRebase} from "./SPexRebase.sol";

/// @title SPexPositions
/// @notice Staking positions. Each `stake` opens a position with an id, a stake time, a
/// principal and its own gons; the position's value is principal plus reward. `claimProfit`
/// takes the reward out as PEX, `unStake` closes the position and pays its value (inside the
/// warmup: the principal only, the reward is burned). The stake observer (the DAO) is told of
/// every change of an account's staked principal. Invariant: the PEX held here is at least the
/// sPEX total supply.
abstract contract SPexPositions is SPexRebase {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    /// @dev Two full slots plus one written only on claim.
    struct Position {
        address owner;
        uint40 stakeTime;
        uint16 acceleratedDays;
        bool closed;
        uint32 prevId; // the owner's previous position: a per-owner linked list, newest first
        uint96 principal;
        uint160 gons;
        uint128 claimed;
    }

    struct Account {
        uint160 gons;
        uint32 lastStakeId;
        uint64 stakeCount;
    }

    /// @dev The warmup with the acceleration terms, in the one slot `unStake` reads.
    struct Config {
        address priceSource;
        uint32 warmup;
        uint16 accelerationPriceBps;
        uint16 maxAccelerationDays;
    }

    /// @notice One position as the app lists it.
    struct StakeInfo {
        uint256 id;
        address owner;
        uint256 stakeTime;
        uint256 principal;
        uint256 balance;
        uint256 claimed;
        uint256 claimable;
        uint256 totalReward;
        uint256 nextRebaseReward;
        uint256 acceleratedDays;
        uint256 warmupEnds;
        bool closed;
    }

    /// @notice Upper bound of the warmup (public also for `stake`'s dispatch: ADR-0152).
    uint256 public constant MAX_WARMUP = 30 days;

    IStakeObserver internal immutable _observer;

    Config internal _config;
    mapping(address account => Account) internal _accounts;
    mapping(uint256 id => Position) private _positions;

    /// @notice Emitted when `user` opened position `id` with `amount` PEX under reference `random`.
    /// @param user the position's owner
    /// @param id the position
    /// @param random the caller's reference
    /// @param amount PEX, 18 decimals
    event Staked(address indexed user, uint256 indexed id, uint256 indexed random, uint256 amount);
    /// @notice Emitted when position `id` was closed: `principal + reward` PEX paid, `forfeited` burned.
    /// @param user the position's owner
    /// @param id the position
    /// @param principal PEX staked
    /// @param reward PEX paid on top of the principal
    /// @param forfeited PEX of reward burned (inside the warmup)
    event Unstaked(address indexed user, uint256 indexed id, uint256 principal, uint256 reward, uint256 forfeited);
    /// @notice Emitted when `amount` PEX of reward was taken out of position `id`.
    /// @param user the position's owner
    /// @param id the position
    /// @param random the caller's reference
    /// @param amount PEX, 18 decimals
    event ProfitClaimed(address indexed user, uint256 indexed id, uint256 indexed random, uint256 amount);

    /// @param observer_ told of every change of an account's staked principal (the DAO), or
    /// address(0)
    /// @param warmup_ seconds a position must wait before it can claim or keep its reward
    constructor(IStakeObserver observer_, uint32 warmup_) {
        _observer = observer_;
        _config.warmup = warmup_;
    }

    /// @notice Stakes `pexAmount` PEX (approve it first) into a new position; returns its id.
    /// @param pexAmount PEX to stake, 18 decimals
    /// @param random the caller's reference, echoed in `Staked`
    /// @return id the new position
    function stake(uint256 pexAmount, uint256 random) external nonReentrant returns (uint256 id) {
        return _stake(pexAmount, random);
    }

    /// @dev Opens the caller's position and pulls its PEX (approved or permitted before).
    function _stake(uint256 pexAmount, uint256 random) internal returns (uint256 id) {
        if (pexAmount == 0) revert SPexZeroAmount();
        if (pexAmount > type(uint96).max) revert SPexAmountTooLarge(pexAmount);
        _rebaseIfDue(MAX_INLINE_EPOCHS);
        uint256 gons = pexAmount * _gonsPerFragment;

        Account storage account = _accounts[msg.sender];
        id = ++_epoch.lastStakeId;
        _positions[id] = Position({
            owner: msg.sender,
            stakeTime: uint40(block.timestamp),
            acceleratedDays: 0,
            closed: false,
            prevId: account.lastStakeId,
            principal: uint96(pexAmount),
            gons: gons.toUint160(),
            claimed: 0
        });
        account.lastStakeId = uint32(id);
        account.stakeCount += 1;
        account.gons += uint160(gons);
        Totals storage totals = _totals;
        totals.gons += uint160(gons);
        totals.principal += uint96(pexAmount);
        emit Staked(msg.sender, id, random, pexAmount);
        emit Transfer(address(0), msg.sender, pexAmount);

        _notify(msg.sender, int256(pexAmount));
        IERC20(address(_pex)).safeTransferFrom(msg.sender, address(this), pexAmount);
    }

    /// @notice Closes position `id` and pays its principal plus unclaimed reward in PEX. A position
    /// still in its warmup pays the principal only; its reward is burned.
    /// @param id the position
    function unStake(uint256 id) external nonReentrant {
        Position storage p = _ownedOpenPosition(id);
        _rebaseIfDue(MAX_INLINE_EPOCHS);
        uint256 gpf = _gonsPerFragment;
        uint256 gons = p.gons;
        uint256 principal = p.principal;
        uint256 value = gons / gpf;
        uint256 reward = value - principal;
        uint256 forfeited;
        if (block.timestamp < uint256(p.stakeTime) + _config.warmup) {
            forfeited = reward;
            reward = 0;
        }
        p.closed = true;
        p.gons = 0;
        _accounts[msg.sender].gons -= uint160(gons);
        Totals storage totals = _totals;
        totals.gons -= uint160(gons);
        totals.principal -= uint96(principal);
        emit Unstaked(msg.sender, id, principal, reward, forfeited);
        emit Transfer(msg.sender, address(0), value);

        _notify(msg.sender, -int256(principal));
        IERC20(address(_pex)).safeTransfer(msg.sender, principal + reward);
        if (forfeited > 0) _pex.burn(forfeited);
    }

    /// @notice Pays position `id`'s reward so far in PEX; the position keeps its principal.
    /// @param id the position
    /// @param random the caller's reference, echoed in `ProfitClaimed`
    function claimProfit(uint256 id, uint256 random) external nonReentrant {
        Position storage p = _ownedOpenPosition(id);
        _rebaseIfDue(MAX_INLINE_EPOCHS);
        uint256 warmupEnds = uint256(p.stakeTime) + _config.warmup;
        if (block.timestamp < warmupEnds) revert SPexInWarmup(id, warmupEnds);
        uint256 gpf = _gonsPerFragment;
        uint256 reward = p.gons / gpf - p.principal;
        if (reward == 0) revert SPexNothingToClaim(id);
        // Taking whole fragments' worth of gons out leaves the position worth exactly its principal.
        uint256 gons = reward * gpf;
        p.gons -= uint160(gons);
        p.claimed += reward.toUint128();
        _accounts[msg.sender].gons -= uint160(gons);
        _totals.gons -= uint160(gons);
        emit ProfitClaimed(msg.sender, id, random, reward);
        emit Transfer(msg.sender, address(0), reward);

        IERC20(address(_pex)).safeTransfer(msg.sender, reward);
    }

    // ------------------------------------------------------------------ views the app calls

    /// @notice Reward of position `id` that can be claimed now (its value above the principal).
    /// @param id the position
    function calculationProfit(uint256 id) external view returns (uint256) {
        return _claimable(_existing(id));
    }

    /// @notice Total reward of position `id` so far: already claimed plus claimable.
    /// @param id the position
    function getProfitById(uint256 id) external view returns (uint256) {
        Position storage p = _existing(id);
        return p.claimed + _claimable(p);
    }

    /// @notice Reward already claimed from position `id`.
    /// @param id the position
    function getClaimProfitById(uint256 id) external view returns (uint256) {
        return _existing(id).claimed;
    }

    /// @notice Position `id` with its derived figures (balance, rewards, next rebase reward).
    /// @param id the position
    /// @return info owner, times, principal, balance and rewards
    function getStake(uint256 id) public view returns (StakeInfo memory info) {
        Position storage p = _existing(id);
        uint256 balance = p.gons / _gonsPerFragment;
        uint256 claimable = p.closed ? 0 : balance - p.principal;
        info = StakeInfo({
            id: id,
            owner: p.owner,
            stakeTime: p.stakeTime,
            principal: p.principal,
            balance: balance,
            claimed: p.claimed,
            claimable: claimable,
            totalReward: p.claimed + claimable,
            nextRebaseReward: (balance * _epoch.rewardRate) / RATE_DENOMINATOR,
            acceleratedDays: p.acceleratedDays,
            warmupEnds: uint256(p.stakeTime) + _config.warmup,
            closed: p.closed
        });
    }

    /// @notice Ids of `user`'s positions, newest first (closed ones included).
    /// @param user the position's owner
    /// @return ids position ids, newest first
    function stakeIdsOf(address user) public view returns (uint256[] memory ids) {
        Account storage account = _accounts[user];
        ids = new uint256[](account.stakeCount);
        uint256 id = account.lastStakeId;
        for (uint256 i = 0; i < ids.length; ++i) {
            ids[i] = id;
            id = _positions[id].prevId;
        }
    }

    /// @notice `user`'s positions, newest first (closed ones included).
    /// @param user the position's owner
    /// @return stakes the positions, newest first
    function getStakes(address user) external view returns (StakeInfo[] memory stakes) {
        uint256[] memory ids = stakeIdsOf(user);
        stakes = new StakeInfo[](ids.length);
        for (uint256 i = 0; i < ids.length; ++i) stakes[i] = getStake(ids[i]);
    }

    /// @notice `user`'s balance in gons.
    /// @param user the position's owner
    function gonsBalanceOf(address user) external view returns (uint256) {
        return _accounts[user].gons;
    }

    /// @notice sPEX of `account`: its gons over `gonsPerFragment`.
    /// @param account the account
    function balanceOf(address account) public view override returns (uint256) {
        return _accounts[account].gons / _gonsPerFragment;
    }

    // ------------------------------------------------------------------ internals

    /// @dev Position `id`, which must exist.
    function _existing(uint256 id) internal view returns (Position storage p) {
        p = _positions[id];
        if (p.owner == address(0)) revert SPexUnknownStake(id);
    }

    /// @dev Position `id`, which must exist, be the caller's and be open.
    function _ownedOpenPosition(uint256 id) internal view returns (Position storage p) {
        p = _existing(id);
        if (p.owner != msg.sender) revert SPexNotOwner(id, msg.sender);
        if (p.closed) revert SPexStakeClosed(id);
    }

    function _notify(address user, int256 principalDelta) private {
        if (address(_observer) != address(0)) _observer.onStakeChanged(user, principalDelta);
    }

    function _claimable(Position storage p) private view returns (uint256) {
        if (p.closed) return 0;
        return p.gons / _gonsPerFragment - p.principal;
    }
}
