// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {PEX} from "../tokens/PEX.sol";
import {IStakeObserver} from "../interfaces/IStakeObserver.sol";
import {IPexPriceSource} from "../interfaces/IPexPriceSource.sol";

/// @title SPEX
/// @notice Olympus-style staking. Staked PEX becomes sPEX, a rebasing balance: every epoch
/// (8 hours by default) anyone may trigger `rebase`, which mints `rewardRate` of the staked
/// supply as new PEX into this contract and grows every sPEX balance by the same ratio.
///
/// Balances are kept in "gons" (Olympus' sOHM technique): an account's sPEX balance is
/// `gons / gonsPerFragment`, and a rebase only lowers `gonsPerFragment`. Each `stake` opens a
/// position with an id, a stake time, a principal and its own gons; the position's value is
/// principal plus reward. `claimProfit` takes the reward out as PEX, `accelerateProfit` buys
/// `day` days of future rebases at once for USDB, `unStake` closes the position and pays its
/// value. Invariant: the PEX held here is at least the sPEX total supply.
///
/// sPEX is a receipt bound to its positions: it cannot be transferred (`transfer` reverts with
/// `SPexTransferDisabled`), because every unit belongs to a position with its own history.
contract SPEX is ERC20, Ownable, ReentrancyGuardTransient {
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

    struct Totals {
        uint160 gons;
        uint96 principal;
    }

    struct Epoch {
        uint64 end;
        uint32 length;
        uint32 number;
        uint32 rewardRate;
        uint32 lastStakeId;
    }

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

    /// @notice Denominator of `rewardRate`: 3_000 means 0.3 % per epoch.
    uint256 public constant RATE_DENOMINATOR = 1_000_000;
    /// @notice Upper bound of `rewardRate` (1 % per epoch).
    uint256 public constant MAX_REWARD_RATE = 10_000;
    uint256 private constant INITIAL_GONS_PER_FRAGMENT = 1e18;
    /// @dev `rebase` catches up at most this many missed epochs; a later call continues.
    uint256 private constant MAX_CATCH_UP_EPOCHS = 90;
    /// @dev Staking, claiming and unstaking catch up at most a day of epochs, which bounds their gas.
    uint256 private constant MAX_INLINE_EPOCHS = 3;
    uint256 private constant BPS = 10_000;

    PEX private immutable _pex;
    IERC20 private immutable _usdb;
    IStakeObserver private immutable _observer;

    uint256 private _gonsPerFragment;
    Totals private _totals;
    Epoch private _epoch;
    Config private _config;
    address private _treasury;
    mapping(address account => Account) private _accounts;
    mapping(uint256 id => Position) private _positions;

    /// @notice Emitted when `user` opened position `id` with `amount` PEX under reference `random`.
    event Staked(address indexed user, uint256 indexed id, uint256 indexed random, uint256 amount);
    /// @notice Emitted when position `id` was closed: `principal + reward` PEX paid, `forfeited` burned.
    event Unstaked(address indexed user, uint256 indexed id, uint256 principal, uint256 reward, uint256 forfeited);
    /// @notice Emitted when `amount` PEX of reward was taken out of position `id`.
    event ProfitClaimed(address indexed user, uint256 indexed id, uint256 indexed random, uint256 amount);
    /// @notice Emitted when position `id` bought `day` days of rebases: `reward` sPEX for `fee` USDB.
    event ProfitAccelerated(address indexed user, uint256 indexed id, uint256 day, uint256 reward, uint256 fee);
    /// @notice Emitted when a rebase reached epoch `epoch`, minting `profit` PEX.
    event Rebased(uint256 indexed epoch, uint256 profit, uint256 totalSupply, uint256 gonsPerFragment);
    /// @notice Emitted when the owner set the reward rate per epoch.
    event RewardRateSet(uint256 rewardRate);
    /// @notice Emitted when the owner set the epoch length (applies from the next epoch).
    event EpochLengthSet(uint256 length);
    /// @notice Emitted when the owner set the warmup, during which a position earns nothing it can keep.
    event WarmupSet(uint256 warmup);
    /// @notice Emitted when the owner set the acceleration price and the per-position day limit.
    event AccelerationTermsSet(uint256 priceBps, uint256 maxDays);
    /// @notice Emitted when the owner set the PEX price source and the fee treasury.
    event LinksSet(address priceSource, address treasury);

    error SPexZeroAmount();
    error SPexAmountTooLarge(uint256 amount);
    error SPexUnknownStake(uint256 id);
    error SPexNotOwner(uint256 id, address caller);
    error SPexStakeClosed(uint256 id);
    error SPexInWarmup(uint256 id, uint256 warmupEnds);
    error SPexNothingToClaim(uint256 id);
    error SPexZeroDays();
    error SPexAccelerationLimit(uint256 id, uint256 requested, uint256 remaining);
    error SPexNoPriceSource();
    error SPexTransferDisabled();
    error SPexRebaseNotDue(uint256 nextRebase);
    error SPexRateTooHigh(uint256 rate);
    error SPexInvalidEpochLength(uint256 length);
    error SPexInvalidTerms();

    /// @param pex_ the PEX token (this contract needs its `MINTER_ROLE`)
    /// @param usdb_ the token acceleration fees are paid in
    /// @param observer_ told of every change of an account's staked principal (the DAO), or
    /// address(0)
    /// @param initialOwner owner of the parameters
    /// @param epochLength seconds per epoch (8 hours in production)
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
    ) ERC20("Staked PEX", "sPEX") Ownable(initialOwner) {
        if (epochLength == 0) revert SPexInvalidEpochLength(epochLength);
        if (rewardRate_ > MAX_REWARD_RATE) revert SPexRateTooHigh(rewardRate_);
        _pex = pex_;
        _usdb = usdb_;
        _observer = observer_;
        _gonsPerFragment = INITIAL_GONS_PER_FRAGMENT;
        _epoch = Epoch({end: firstEpochEnd, length: epochLength, number: 0, rewardRate: rewardRate_, lastStakeId: 0});
        _config = Config({priceSource: address(0), warmup: epochLength, accelerationPriceBps: 8_000, maxAccelerationDays: 30});
    }

    // ------------------------------------------------------------------ staking

    /// @notice Stakes `pexAmount` PEX (approve it first) into a new position; returns its id.
    /// @param pexAmount PEX to stake, 18 decimals
    /// @param random the caller's reference, echoed in `Staked`
    function stake(uint256 pexAmount, uint256 random) external nonReentrant returns (uint256 id) {
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

    /// @notice Adds `day` days of rebases (compounded at the current rate) to position `id` at
    /// once, for a USDB fee of `accelerationPriceBps` of the reward's value at the PEX price's
    /// time-weighted average (approve USDB). Refused, with the price source's error, while the
    /// average is stale or the pool's spot price strays from it.
    /// @param id the position
    /// @param day days to buy; a position may buy at most `maxAccelerationDays` in total
    function accelerateProfit(uint256 id, uint256 day) external nonReentrant {
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

    /// @notice Triggers the due rebase(s); anyone may call once `getNextRebase()` has passed.
    function rebase() external nonReentrant {
        uint64 end = _epoch.end;
        if (block.timestamp < end) revert SPexRebaseNotDue(end);
        _rebaseIfDue(MAX_CATCH_UP_EPOCHS);
    }

    // ------------------------------------------------------------------ views the app calls

    /// @notice Reward of position `id` that can be claimed now (its value above the principal).
    function calculationProfit(uint256 id) external view returns (uint256) {
        Position storage p = _existing(id);
        return _claimable(p);
    }

    /// @notice Total reward of position `id` so far: already claimed plus claimable.
    function getProfitById(uint256 id) external view returns (uint256) {
        Position storage p = _existing(id);
        return p.claimed + _claimable(p);
    }

    /// @notice Reward already claimed from position `id`.
    function getClaimProfitById(uint256 id) external view returns (uint256) {
        return _existing(id).claimed;
    }

    /// @notice Timestamp from which the next rebase can be triggered.
    function getNextRebase() external view returns (uint256) {
        return _epoch.end;
    }

    /// @notice Position `id` with its derived figures (balance, rewards, next rebase reward).
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
    function getStakes(address user) external view returns (StakeInfo[] memory stakes) {
        uint256[] memory ids = stakeIdsOf(user);
        stakes = new StakeInfo[](ids.length);
        for (uint256 i = 0; i < ids.length; ++i) stakes[i] = getStake(ids[i]);
    }

    /// @notice What `accelerateProfit(id, day)` would add and cost in this block (reverts as it
    /// would while the price source refuses its average).
    /// @return reward sPEX added to the position
    /// @return fee USDB charged
    function quoteAcceleration(uint256 id, uint256 day) external view returns (uint256 reward, uint256 fee) {
        Position storage p = _existing(id);
        address priceSource = _config.priceSource;
        if (priceSource == address(0)) revert SPexNoPriceSource();
        uint256 price = IPexPriceSource(priceSource).getPexUSDBAveragePrice();
        return _accelerationQuote(p.gons / _gonsPerFragment, day, price, _config.accelerationPriceBps);
    }

    /// @notice Current epoch number, its end (the next rebase), its length and the reward rate.
    function epoch() external view returns (uint256 number, uint256 end, uint256 length, uint256 rewardRate_) {
        Epoch memory e = _epoch;
        return (e.number, e.end, e.length, e.rewardRate);
    }

    /// @notice Reward rate per epoch over `RATE_DENOMINATOR`.
    function rewardRate() external view returns (uint256) {
        return _epoch.rewardRate;
    }

    /// @notice Number of positions ever opened (ids run from 1 to this).
    function stakeCount() external view returns (uint256) {
        return _epoch.lastStakeId;
    }

    /// @notice PEX principal staked in open positions ("total deposited PEX").
    function totalStakedPrincipal() external view returns (uint256) {
        return _totals.principal;
    }

    /// @notice Divisor from gons to sPEX; falls at every rebase.
    function gonsPerFragment() external view returns (uint256) {
        return _gonsPerFragment;
    }

    /// @notice `user`'s balance in gons.
    function gonsBalanceOf(address user) external view returns (uint256) {
        return _accounts[user].gons;
    }

    /// @notice Warmup in seconds, acceleration price in basis points and per-position day limit.
    function terms() external view returns (uint256 warmup, uint256 accelerationPriceBps, uint256 maxAccelerationDays) {
        Config memory c = _config;
        return (c.warmup, c.accelerationPriceBps, c.maxAccelerationDays);
    }

    /// @notice The DAO (stake observer), the PEX price source and the fee treasury.
    function links() external view returns (address observer, address priceSource, address treasury) {
        return (address(_observer), _config.priceSource, _treasury);
    }

    /// @notice sPEX has no initial supply; kept for the token interface the app reads.
    function initialSupply() external pure returns (uint256) {
        return 0;
    }

    /// @notice sPEX of `account`: its gons over `gonsPerFragment`.
    function balanceOf(address account) public view override returns (uint256) {
        return _accounts[account].gons / _gonsPerFragment;
    }

    /// @notice Total sPEX: all gons over `gonsPerFragment`.
    function totalSupply() public view override returns (uint256) {
        return _totals.gons / _gonsPerFragment;
    }

    // ------------------------------------------------------------------ owner

    /// @notice Sets the reward per epoch (over `RATE_DENOMINATOR`, at most `MAX_REWARD_RATE`).
    function setRewardRate(uint256 rate) external onlyOwner {
        if (rate > MAX_REWARD_RATE) revert SPexRateTooHigh(rate);
        _epoch.rewardRate = uint32(rate);
        emit RewardRateSet(rate);
    }

    /// @notice Sets the epoch length in seconds; the current epoch keeps its end.
    function setEpochLength(uint256 length) external onlyOwner {
        if (length == 0 || length > 30 days) revert SPexInvalidEpochLength(length);
        _epoch.length = uint32(length);
        emit EpochLengthSet(length);
    }

    /// @notice Sets the warmup in seconds (at most 30 days).
    function setWarmup(uint256 warmup) external onlyOwner {
        if (warmup > 30 days) revert SPexInvalidTerms();
        _config.warmup = uint32(warmup);
        emit WarmupSet(warmup);
    }

    /// @notice Sets the acceleration price (basis points of the reward's USDB value, 1..10000)
    /// and how many days a position may buy in total (at most 365).
    function setAccelerationTerms(uint256 priceBps, uint256 maxDays) external onlyOwner {
        if (priceBps == 0 || priceBps > BPS || maxDays > 365) revert SPexInvalidTerms();
        _config.accelerationPriceBps = uint16(priceBps);
        _config.maxAccelerationDays = uint16(maxDays);
        emit AccelerationTermsSet(priceBps, maxDays);
    }

    /// @notice Sets the PEX price source (Front) and the treasury that receives acceleration fees.
    function setLinks(address priceSource, address treasury) external onlyOwner {
        if (priceSource == address(0) || treasury == address(0)) revert SPexInvalidTerms();
        _config.priceSource = priceSource;
        _treasury = treasury;
        emit LinksSet(priceSource, treasury);
    }

    // ------------------------------------------------------------------ internals

    /// @dev sPEX moves only by staking, claiming, accelerating and unstaking.
    function _update(address, address, uint256) internal pure override {
        revert SPexTransferDisabled();
    }

    function _rebaseIfDue(uint256 maxEpochs) private {
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

    /// @dev Reward of `day` days on `value` sPEX, and its fee at `price` (USDB per PEX).
    function _accelerationQuote(uint256 value, uint256 day, uint256 price, uint256 priceBps) private view returns (uint256 reward, uint256 fee) {
        Epoch memory e = _epoch;
        uint256 epochs = (day * 1 days) / e.length;
        uint256 compounded = value;
        for (uint256 i = 0; i < epochs; ++i) compounded += (compounded * e.rewardRate) / RATE_DENOMINATOR;
        reward = compounded - value;
        fee = Math.mulDiv(reward * price, priceBps, 1e18 * BPS);
    }

    function _notify(address user, int256 principalDelta) private {
        if (address(_observer) != address(0)) _observer.onStakeChanged(user, principalDelta);
    }

    function _existing(uint256 id) private view returns (Position storage p) {
        p = _positions[id];
        if (p.owner == address(0)) revert SPexUnknownStake(id);
    }

    function _ownedOpenPosition(uint256 id) private view returns (Position storage p) {
        p = _existing(id);
        if (p.owner != msg.sender) revert SPexNotOwner(id, msg.sender);
        if (p.closed) revert SPexStakeClosed(id);
    }

    function _claimable(Position storage p) private view returns (uint256) {
        if (p.closed) return 0;
        return p.gons / _gonsPerFragment - p.principal;
    }
}
