// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ProtocolRoles} from "../access/ProtocolRoles.sol";
import {IDaoErrors} from "../interfaces/IDaoErrors.sol";
import {NodeType} from "./DaoTypes.sol";

/// @title DaoNodes
/// @notice What every part of the DAO reads about an account: its node (team and own staking
/// principal, boardroom condition, dividend weight, packed in the one slot the stake path reads
/// and writes), its level by team sPEX, and its seniority.
///
/// Node level: by team sPEX against four thresholds (Value User, Primary, Intermediate and
/// Senior Node). Seniority: a Senior Node whose own PEX staking principal is at least
/// `directorThreshold`, continuously for `seniorityPeriod` (the lowest principal over the period
/// counts, so a flash or short-lived stake never does). The team's stake counts for the level
/// only: a seat needs its own stake, so one staked unit backs at most one seat and a chain of
/// invited accounts over one stake gains nothing. The DAO keeps, per account, the moment that
/// condition last became true (`eligibleSince`), updated on every stake change of the account or
/// its team; a change of the thresholds restarts it for everyone.
abstract contract DaoNodes is IDaoErrors, ProtocolRoles {
    /// @dev Read on every stake change below the account (the walk up the tree); written when it
    /// binds and when its dividends settle (poke, claim).
    struct Member {
        address inviter;
        bool registered; // keeps the slot non-zero once in the tree
        uint8 settledWeight; // weight at the last settlement
        uint32 settledRound; // dividend rounds at the last settlement
        uint40 lastClaimAt;
    }

    /// @dev The hot slot: read and written on every stake change of the account or its team.
    struct Node {
        uint96 teamPrincipal;
        uint96 ownPrincipal;
        uint32 eligibleSince; // when the boardroom condition last became true; 0 while false
        uint8 weight; // dividend weight counted in the total now
        // 2 + dividend rounds at the first weight drop since the settlement; 1 if none. Set to 1
        // when the account enters the tree, so the first stake below it never pays for a new slot.
        uint24 dropRound;
    }

    /// @dev What the boardroom condition and seniority need, in the one slot the stake path reads.
    struct Seniority {
        uint96 seniorThreshold; // the Senior Node level threshold (team sPEX)
        uint96 directorThreshold; // own staked principal to hold
        uint32 changedAt; // last change of either threshold: nobody is eligible from before it
        uint32 period; // how long the condition must hold
    }

    /// @dev The dividend totals; the stake path reads `rounds` and writes `totalWeight` when a
    /// weight drops.
    struct Dividends {
        uint64 totalWeight;
        uint32 rounds;
        uint40 lastAt;
        uint120 totalDistributed;
    }

    /// @notice An account's standing for the boardroom.
    struct SeniorityInfo {
        bool eligible; // Senior Node with own staked principal at the director threshold or above now
        uint256 eligibleSince; // since when, without a break (0 when not eligible)
        uint256 seniorAt; // when it is or becomes senior if it stays eligible (0 when not eligible)
        bool senior; // eligible for the whole seniority period: may join, create and sign
    }

    /// @notice Role that binds accounts under the inviter they chose at registration, on their
    /// behalf (the server's invite binder). It cannot distribute dividends.
    bytes32 public constant BINDER_ROLE = keccak256("BINDER_ROLE");
    /// @notice Role that distributes dividends (pulls the dividend token from its own balance).
    /// It cannot bind accounts: a leaked binder key and a leaked dividend key each reach one power.
    bytes32 public constant DIVIDEND_ROLE = keccak256("DIVIDEND_ROLE");
    /// @notice Shortest seniority period `setSeniorityPeriod` accepts.
    uint256 public constant MIN_SENIORITY_PERIOD = 1 minutes;
    /// @notice Longest seniority period `setSeniorityPeriod` accepts.
    uint256 public constant MAX_SENIORITY_PERIOD = 90 days;
    /// @dev `Node.dropRound` when no weight dropped since the settlement.
    uint24 internal constant NO_DROP = 1;
    // `Node` as packed in its slot (see `_loadNode`).
    uint256 internal constant MASK_96 = (1 << 96) - 1;
    uint256 internal constant MASK_32 = (1 << 32) - 1;
    uint256 internal constant MASK_WEIGHT_BELOW = (1 << 224) - 1;
    uint256 internal constant OWN_SHIFT = 96;
    uint256 internal constant SINCE_SHIFT = 192;
    uint256 internal constant WEIGHT_SHIFT = 224;
    uint256 internal constant DROP_SHIFT = 232;

    mapping(address account => Member) internal _members;
    mapping(address account => Node) internal _nodes;
    uint96[4] internal _levelThresholds;
    Seniority internal _seniority;
    Dividends internal _dividends;

    /// @notice Emitted when the team sPEX thresholds of the four node levels were set.
    /// @param valueUser team sPEX from which a node is a Value User
    /// @param primaryNode team sPEX from which a node is a Primary Node
    /// @param intermediateNode team sPEX from which a node is an Intermediate Node
    /// @param seniorNode team sPEX from which a node is a Senior Node
    event LevelThresholdsSet(uint256 valueUser, uint256 primaryNode, uint256 intermediateNode, uint256 seniorNode);
    /// @notice Emitted when how long the boardroom condition must hold was set.
    /// @param period seconds the boardroom condition must hold
    event SeniorityPeriodSet(uint256 period);

    /// @param admin holds every role at first: `DEFAULT_ADMIN_ROLE`, `TERMS_ROLE`, `BINDER_ROLE`,
    /// `DIVIDEND_ROLE` (it may grant itself any of them anyway)
    constructor(address admin) ProtocolRoles(admin) {
        _grantRole(BINDER_ROLE, admin);
        _grantRole(DIVIDEND_ROLE, admin);
        _levelThresholds = [uint96(100e18), 1_000e18, 5_000e18, 20_000e18];
        _seniority = Seniority({
            seniorThreshold: 20_000e18,
            directorThreshold: 10_000e18,
            changedAt: uint32(block.timestamp),
            period: 7 days
        });
    }

    // ------------------------------------------------------------------ views

    /// @notice Node level of `account` by its team sPEX.
    /// @param account the account (a node of the tree)
    function nodeTypeOf(address account) public view returns (NodeType) {
        return _levelOf(_nodes[account].teamPrincipal, _levelThresholds);
    }

    /// @notice sPEX staked by `account`'s team (downline within `MAX_TEAM_DEPTH` levels), as
    /// received at staking (the team's staked principal).
    /// @param account the account (a node of the tree)
    function teamSPexOf(address account) external view returns (uint256) {
        return _nodes[account].teamPrincipal;
    }

    /// @notice Own plus team PEX staking principal of `account`.
    /// @param account the account (a node of the tree)
    function networkPrincipalOf(address account) external view returns (uint256) {
        Node memory n = _nodes[account];
        return uint256(n.ownPrincipal) + n.teamPrincipal;
    }

    /// @notice `account`'s standing for the boardroom: eligible now, since when, when it is (or
    /// becomes) senior, and whether it is senior now.
    /// @param account the account (a node of the tree)
    /// @return info eligible now, since when, when senior, senior now
    function seniorityOf(address account) external view returns (SeniorityInfo memory info) {
        Seniority memory s = _seniority;
        uint256 since = _eligibleSince(_nodes[account], s);
        if (since == 0) return info;
        info = SeniorityInfo({
            eligible: true,
            eligibleSince: since,
            seniorAt: since + s.period,
            senior: since + s.period <= block.timestamp
        });
    }

    /// @notice How long the boardroom condition must hold, and when the thresholds last changed
    /// (nobody counts as eligible from before that moment).
    /// @return period seconds the boardroom condition must hold
    /// @return thresholdsChangedAt when either threshold last changed
    function seniorityTerms() external view returns (uint256 period, uint256 thresholdsChangedAt) {
        Seniority memory s = _seniority;
        return (s.period, s.changedAt);
    }

    /// @notice The team sPEX thresholds of Value User, Primary, Intermediate and Senior Node.
    /// @return th Value User, Primary, Intermediate and Senior Node thresholds (sPEX)
    function levelThresholds() external view returns (uint256[4] memory th) {
        for (uint256 i = 0; i < 4; ++i) th[i] = _levelThresholds[i];
    }

    /// @notice Dividend weight of each node level, Ordinary User first.
    function levelWeights() public pure returns (uint256[5] memory) {
        return [uint256(0), 1, 2, 4, 8];
    }

    // ------------------------------------------------------------------ terms

    /// @notice Sets the team sPEX thresholds of the four node levels (strictly ascending, > 0,
    /// each below 2^96); only for `TERMS_ROLE`. A changed Senior Node threshold restarts
    /// everyone's seniority.
    /// @param thresholds team sPEX of Value User, Primary, Intermediate and Senior Node, ascending
    function setLevelThresholds(uint256[4] calldata thresholds) external onlyRole(TERMS_ROLE) {
        if (thresholds[0] == 0 || thresholds[3] > type(uint96).max) revert DaoInvalidThresholds();
        for (uint256 i = 1; i < 4; ++i) {
            if (thresholds[i] <= thresholds[i - 1]) revert DaoInvalidThresholds();
        }
        for (uint256 i = 0; i < 4; ++i) _levelThresholds[i] = uint96(thresholds[i]);
        Seniority storage s = _seniority;
        if (s.seniorThreshold != thresholds[3]) {
            s.seniorThreshold = uint96(thresholds[3]);
            s.changedAt = uint32(block.timestamp);
        }
        emit LevelThresholdsSet(thresholds[0], thresholds[1], thresholds[2], thresholds[3]);
    }

    /// @notice Sets how long the boardroom condition must hold before an account is senior
    /// (`MIN_SENIORITY_PERIOD` to `MAX_SENIORITY_PERIOD`); only for `TERMS_ROLE`.
    /// @param period seconds the boardroom condition must hold
    function setSeniorityPeriod(uint256 period) external onlyRole(TERMS_ROLE) {
        if (period < MIN_SENIORITY_PERIOD || period > MAX_SENIORITY_PERIOD) revert DaoInvalidSeniorityPeriod(period);
        _seniority.period = uint32(period);
        emit SeniorityPeriodSet(period);
    }

    // ------------------------------------------------------------------ internals

    /// @dev The hot path reads and writes a `Node` as the one word it is packed in (fields from
    /// the low bits: teamPrincipal 96, ownPrincipal 96, eligibleSince 32, weight 8, dropRound 24):
    /// one SLOAD and one SSTORE per account instead of one read-modify-write per field.
    function _loadNode(Node storage node) internal view returns (uint256 word) {
        assembly ("memory-safe") {
            word := sload(node.slot)
        }
    }

    /// @dev Writes `word` as `node` (the layout of `_loadNode`).
    function _storeNode(Node storage node, uint256 word) internal {
        assembly ("memory-safe") {
            sstore(node.slot, word)
        }
    }

    /// @dev The boardroom condition after a stake change of the node packed in `word` (see
    /// `_loadNode`) to `team` and `own`: since it became true, 0 while false. The stored moment is
    /// kept only when the condition also held just before the change under the thresholds of now:
    /// a raised threshold can leave a node below it with no stake change to clear its moment, and
    /// that old moment must never make a fresh (or flash) stake senior at once.
    function _nextEligibleSince(uint256 word, uint256 team, uint256 own, Seniority memory s) internal view returns (uint256) {
        if (!_meetsCondition(team, own, s)) return 0;
        uint256 since = uint32(word >> SINCE_SHIFT);
        if (since == 0 || !_meetsCondition(word & MASK_96, (word >> OWN_SHIFT) & MASK_96, s)) return block.timestamp;
        return since;
    }

    /// @dev The boardroom condition: a Senior Node (by its team's stake) whose own staked
    /// principal is at least the director threshold. The team's stake never counts towards the
    /// threshold: every seat stands on stake of its own, so one staked unit backs at most one seat.
    function _meetsCondition(uint256 team, uint256 own, Seniority memory s) internal pure returns (bool) {
        return team >= s.seniorThreshold && own >= s.directorThreshold;
    }

    /// @dev Since when `n` has met the boardroom condition under the current thresholds (0 if it
    /// does not now). The stored moment predates a threshold change at most: clamp it to it.
    function _eligibleSince(Node memory n, Seniority memory s) internal pure returns (uint256 since) {
        if (!_meetsCondition(n.teamPrincipal, n.ownPrincipal, s)) return 0;
        since = n.eligibleSince;
        if (since < s.changedAt) since = s.changedAt;
    }

    /// @dev Whether `n` has met the boardroom condition for the whole seniority period.
    function _isSenior(Node memory n, Seniority memory s) internal view returns (bool) {
        uint256 since = _eligibleSince(n, s);
        return since != 0 && since + s.period <= block.timestamp;
    }

    /// @dev Reverts with the first reason `account` is not senior: level, own principal, period.
    function _requireSenior(address account) internal view {
        Seniority memory s = _seniority;
        Node memory n = _nodes[account];
        if (n.teamPrincipal < s.seniorThreshold) revert DaoNotSeniorNode(account, nodeTypeOf(account));
        if (n.ownPrincipal < s.directorThreshold) revert DaoOwnPrincipalBelowThreshold(account, n.ownPrincipal, s.directorThreshold);
        uint256 seniorAt = _eligibleSince(n, s) + s.period;
        if (seniorAt > block.timestamp) revert DaoSeniorityTooShort(account, seniorAt);
    }

    /// @dev The level of a team of `team` sPEX under thresholds `th`.
    function _levelOf(uint256 team, uint96[4] memory th) internal pure returns (NodeType) {
        for (uint256 i = 4; i > 0; --i) {
            if (team >= th[i - 1]) return NodeType(i);
        }
        return NodeType.OrdinaryUser;
    }
}
