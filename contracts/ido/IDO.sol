// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ProtocolRoles} from "../access/ProtocolRoles.sol";
import {IIdoErrors} from "../interfaces/IIdoErrors.sol";

/// @title IDO
/// @notice Releases IDO allocations of PEX: from `start`, 65 % of an allocation can be claimed
/// at once (`claimPex65`) and the other 35 % is released linearly over `duration`
/// (`claimPex35`, as often as wanted). `TERMS_ROLE` adds allocations, and every allocation must be
/// covered by PEX held here when it is added. Both parts are tracked as amounts claimed, so an
/// addition after a claim adds its 65 % to what `claimPex65` can still take.
contract IDO is IIdoErrors, ProtocolRoles, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    struct Allocation {
        uint128 total;
        uint128 claimed65;
        uint128 claimed35;
    }

    /// @notice The release list of one account, as the IDO Release page shows it.
    struct ReleaseInfo {
        uint256 total;
        uint256 part65;
        uint256 claimed65;
        uint256 part35;
        uint256 released35;
        uint256 claimed35;
        uint256 available;
        uint256 unreleased;
        uint256 received;
        uint256 start;
        uint256 duration;
    }

    uint256 private constant BPS = 10_000;
    /// @notice Share of an allocation claimable at once, in basis points.
    uint256 public constant IMMEDIATE_BPS = 6_500;

    IERC20 private immutable _token;
    uint64 private _start;
    uint64 private _duration;
    uint256 private _totalAllocated;
    uint256 private _totalClaimed;
    mapping(address account => Allocation) private _allocations;

    /// @notice Emitted when `account`'s allocation grew by `amount` to `total`.
    /// @param account the account
    /// @param amount PEX, 18 decimals
    /// @param total its allocation afterwards
    event AllocationAdded(address indexed account, uint256 amount, uint256 total);
    /// @notice Emitted when `account` claimed `amount`, what remained of its immediate 65 %.
    /// @param account the account
    /// @param amount PEX, 18 decimals
    event Claimed65(address indexed account, uint256 amount);
    /// @notice Emitted when `account` claimed `amount` of its linearly released 35 %.
    /// @param account the account
    /// @param amount PEX, 18 decimals
    event Claimed35(address indexed account, uint256 amount);
    /// @notice Emitted when the release start and duration were set.
    /// @param start timestamp from which claims open
    /// @param duration seconds over which the 35 % is released
    event ScheduleSet(uint256 start, uint256 duration);

    /// @param token_ the released token (PEX)
    /// @param initialOwner holds `DEFAULT_ADMIN_ROLE` and `TERMS_ROLE` (adds allocations) at first
    /// @param start_ timestamp from which claims open
    /// @param duration_ seconds over which the 35 % part is released
    constructor(IERC20 token_, address initialOwner, uint64 start_, uint64 duration_) ProtocolRoles(initialOwner) {
        if (duration_ == 0) revert IdoInvalidSchedule();
        _token = token_;
        _start = start_;
        _duration = duration_;
        emit ScheduleSet(start_, duration_);
    }

    /// @notice Claims what remains of the caller's immediate 65 % (all of it at the first claim;
    /// afterwards the 65 % of any allocation added since).
    function claimPex65() external nonReentrant {
        _requireStarted();
        Allocation storage a = _allocations[msg.sender];
        uint256 total = a.total;
        if (total == 0) revert IdoNoAllocation(msg.sender);
        uint256 amount = _part65(total) - a.claimed65;
        if (amount == 0) revert IdoAlreadyClaimed(msg.sender);
        a.claimed65 += amount.toUint128();
        _totalClaimed += amount;
        emit Claimed65(msg.sender, amount);
        _token.safeTransfer(msg.sender, amount);
    }

    /// @notice Claims what has been released of the caller's 35 % and not yet claimed.
    function claimPex35() external nonReentrant {
        _requireStarted();
        Allocation storage a = _allocations[msg.sender];
        if (a.total == 0) revert IdoNoAllocation(msg.sender);
        uint256 amount = _released35(a.total) - a.claimed35;
        if (amount == 0) revert IdoNothingToClaim(msg.sender);
        a.claimed35 += amount.toUint128();
        _totalClaimed += amount;
        emit Claimed35(msg.sender, amount);
        _token.safeTransfer(msg.sender, amount);
    }

    /// @notice The immediate 65 % of `user`'s allocation.
    /// @param user the allocation's holder
    function getPart65(address user) external view returns (uint256) {
        return _part65(_allocations[user].total);
    }

    /// @notice The linearly released 35 % of `user`'s allocation.
    /// @param user the allocation's holder
    function getPart35(address user) external view returns (uint256) {
        uint256 total = _allocations[user].total;
        return total - _part65(total);
    }

    /// @notice How much of `user`'s 35 % has been claimed.
    /// @param user the allocation's holder
    function getClaimed35(address user) external view returns (uint256) {
        return _allocations[user].claimed35;
    }

    /// @notice How much of `user`'s 35 % can be claimed now.
    /// @param user the allocation's holder
    function getCanClaim35(address user) public view returns (uint256) {
        if (block.timestamp < _start) return 0;
        Allocation memory a = _allocations[user];
        return _released35(a.total) - a.claimed35;
    }

    /// @notice Sum of all allocations.
    function getTotal() external view returns (uint256) {
        return _totalAllocated;
    }

    /// @notice `user`'s allocation.
    /// @param user the allocation's holder
    function allocationOf(address user) external view returns (uint256) {
        return _allocations[user].total;
    }

    /// @notice `user`'s release list: unreleased, received, duration, total release, available.
    /// @param user the allocation's holder
    /// @return info allocation, parts, released, claimed, available, unreleased and schedule
    function getReleaseInfo(address user) external view returns (ReleaseInfo memory info) {
        Allocation memory a = _allocations[user];
        uint256 part65 = _part65(a.total);
        uint256 part35 = a.total - part65;
        uint256 released35 = block.timestamp < _start ? 0 : _released35(a.total);
        bool open = block.timestamp >= _start;
        info = ReleaseInfo({
            total: a.total,
            part65: part65,
            claimed65: a.claimed65,
            part35: part35,
            released35: released35,
            claimed35: a.claimed35,
            available: (open ? part65 - a.claimed65 : 0) + released35 - a.claimed35,
            unreleased: part35 - released35,
            received: a.claimed65 + a.claimed35,
            start: _start,
            duration: _duration
        });
    }

    /// @notice Release start and duration.
    /// @return start timestamp from which claims open
    /// @return duration seconds over which the 35 % is released
    function schedule() external view returns (uint256 start, uint256 duration) {
        return (_start, _duration);
    }

    /// @notice Total claimed by everyone so far.
    function totalClaimed() external view returns (uint256) {
        return _totalClaimed;
    }

    /// @notice The released token.
    function token() external view returns (address) {
        return address(_token);
    }

    /// @notice Adds `amounts[i]` to `accounts[i]`'s allocation; the PEX held here must cover all
    /// unclaimed allocations afterwards. Only for `TERMS_ROLE`.
    /// @param accounts the accounts
    /// @param amounts PEX added to each, in the same order
    function addAllocations(address[] calldata accounts, uint256[] calldata amounts) external onlyRole(TERMS_ROLE) {
        if (accounts.length != amounts.length) revert IdoLengthMismatch();
        uint256 added;
        for (uint256 i = 0; i < accounts.length; ++i) {
            address account = accounts[i];
            uint256 amount = amounts[i];
            if (account == address(0)) revert IdoZeroAddress();
            if (amount == 0) revert IdoZeroAmount();
            Allocation storage a = _allocations[account];
            uint256 total = a.total + amount;
            a.total = total.toUint128();
            added += amount;
            emit AllocationAdded(account, amount, total);
        }
        _totalAllocated += added;
        uint256 needed = _totalAllocated - _totalClaimed;
        uint256 available = _token.balanceOf(address(this));
        if (needed > available) revert IdoUnderfunded(needed, available);
    }

    /// @notice Moves the release start and duration; only before the release has started, and
    /// only for `TERMS_ROLE`.
    /// @param start_ timestamp from which claims open
    /// @param duration_ seconds over which the 35 % is released (not 0)
    function setSchedule(uint64 start_, uint64 duration_) external onlyRole(TERMS_ROLE) {
        if (block.timestamp >= _start) revert IdoAlreadyStarted();
        if (duration_ == 0) revert IdoInvalidSchedule();
        _start = start_;
        _duration = duration_;
        emit ScheduleSet(start_, duration_);
    }

    function _requireStarted() private view {
        if (block.timestamp < _start) revert IdoNotStarted(_start);
    }

    function _part65(uint256 total) private pure returns (uint256) {
        return (total * IMMEDIATE_BPS) / BPS;
    }

    function _released35(uint256 total) private view returns (uint256) {
        uint256 part35 = total - _part65(total);
        uint256 elapsed = block.timestamp - _start;
        if (elapsed >= _duration) return part35;
        return (part35 * elapsed) / _duration;
    }
}
