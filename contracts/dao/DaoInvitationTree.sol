// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IStakeObserver} from "../interfaces/IStakeObserver.sol";
import {DaoNodes} from "./DaoNodes.sol";

/// @title DaoInvitationTree
/// @notice The invitation tree and the team totals it carries.
///
/// An account joins the tree once, under an inviter that is already in it (a root, or an account
/// that has joined), either itself with `bindInviter` or through a binder (`bindInviterFor`,
/// or `bindInvitersFor` for up to `MAX_BIND_BATCH` accounts at once, used by the server to mirror
/// the inviter bound at registration). Because an inviter must
/// already be in the tree and an account binds only once, no cycle can form. `SPEX` reports every
/// change of an account's staked principal, and the tree adds it to the team totals of its
/// ancestors up to `MAX_TEAM_DEPTH` levels up: a team is the downline within that depth, without
/// the account itself. A team's sPEX is the sPEX its members received for their stakes (their
/// staked principal): rebase growth is not counted, so a level changes only when the team stakes
/// or unstakes. An unstake that lowers an ancestor's level lowers its dividend weight in the same
/// transaction, so a weight never outlives the stake that earned it.
abstract contract DaoInvitationTree is DaoNodes, IStakeObserver {
    using SafeCast for uint256;

    /// @notice Team totals reach this many levels below an account.
    uint256 public constant MAX_TEAM_DEPTH = 5;
    /// @notice The most pairs one `bindInvitersFor` call takes.
    uint256 public constant MAX_BIND_BATCH = 50;

    address private _staking;
    mapping(address account => address[]) private _invitees;
    mapping(address account => bool) private _roots;

    /// @notice Emitted when `account` joined the tree under `inviter` (`by` is the caller).
    /// @param account the account
    /// @param inviter an account already in the tree
    /// @param by the caller: the account itself, or an operator
    event InviterBound(address indexed account, address indexed inviter, address indexed by);
    /// @notice Emitted when `account` was made a root (or not).
    /// @param account the account
    /// @param root whether it is a root
    event RootSet(address indexed account, bool root);
    /// @notice Emitted when an unstake in `account`'s team lowered its dividend weight to `weight`.
    /// @param account the account
    /// @param weight its dividend weight now
    event NodeWeightDropped(address indexed account, uint256 weight);
    /// @notice Emitted when the staking contract whose changes the DAO observes was set.
    /// @param staking the staking contract (SPEX)
    event StakingSet(address staking);

    /// @param root the first root of the tree (the deployer)
    constructor(address root) {
        _setRoot(root, true);
    }

    /// @notice Joins the invitation tree under `inviter` (once; the inviter must be in the tree).
    /// @param inviter an account already in the tree
    function bindInviter(address inviter) external {
        _bind(msg.sender, inviter);
    }

    /// @notice Binds `account` under `inviter` on the account's behalf; only for `BINDER_ROLE`
    /// (the server mirrors the inviter each user chose at registration).
    /// @param account the account
    /// @param inviter an account already in the tree
    function bindInviterFor(address account, address inviter) external onlyRole(BINDER_ROLE) {
        _bind(account, inviter);
    }

    /// @notice Binds `users[i]` under `inviters[i]` for each i, in order, on the users' behalf; only
    /// for `BINDER_ROLE` (the server's binder sends its pending registrations in one transaction).
    /// A pair that `bindInviterFor` would refuse is skipped, never reverted on, so one pair cannot
    /// block the others: a user already in the tree (bound meanwhile, by itself or another
    /// binder), a zero address, a self-invite, or an inviter not in the tree when its turn comes.
    /// A skipped pair changes nothing and emits nothing; the caller tells it from `inviterOf`. A
    /// cycle cannot form, as with the single bind. Pairs bind in order, so an inviter bound earlier
    /// in the same call may invite later in it. Each bound pair emits `InviterBound`, as
    /// `bindInviterFor` does.
    /// @param users the accounts to bind, at most `MAX_BIND_BATCH`
    /// @param inviters their inviters, one for each account
    /// @return bound how many pairs were bound (the others were skipped)
    function bindInvitersFor(
        address[] calldata users,
        address[] calldata inviters
    ) external onlyRole(BINDER_ROLE) returns (uint256 bound) {
        uint256 n = users.length;
        if (n != inviters.length) revert DaoBindBatchLengthMismatch(n, inviters.length);
        if (n > MAX_BIND_BATCH) revert DaoBindBatchTooLarge(n, MAX_BIND_BATCH);
        for (uint256 i = 0; i < n; ++i) {
            address account = users[i];
            address inviter = inviters[i];
            if (account == address(0) || inviter == address(0) || account == inviter) continue;
            Member storage m = _members[account];
            if (m.registered || !_members[inviter].registered) continue;
            _join(m, account, inviter);
            ++bound;
        }
    }

    /// @inheritdoc IStakeObserver
    function onStakeChanged(address user, int256 principalDelta) external {
        if (msg.sender != _staking) revert DaoNotStaking(msg.sender);
        Seniority memory s = _seniority;
        Node storage node = _nodes[user];
        uint256 word = _loadNode(node);
        uint256 own = _apply((word >> OWN_SHIFT) & MASK_96, principalDelta).toUint96();
        uint256 since = _nextEligibleSince(word, word & MASK_96, own, s);
        _storeNode(node, (word & ~((MASK_96 << OWN_SHIFT) | (MASK_32 << SINCE_SHIFT))) | (own << OWN_SHIFT) | (since << SINCE_SHIFT));
        _addToAncestors(_members[user].inviter, principalDelta, s);
    }

    /// @notice Makes `account` a root of the invitation tree (or not); roots need no inviter.
    /// Only for `TERMS_ROLE`.
    /// @param account the account
    /// @param root whether it is a root
    function setRoot(address account, bool root) external onlyRole(TERMS_ROLE) {
        if (account == address(0)) revert DaoZeroAddress();
        _setRoot(account, root);
    }

    /// @notice Sets the staking contract (`SPEX`) whose stake changes this DAO observes; once,
    /// before anything is staked (SPEX is deployed with this DAO as its observer). Only for
    /// `TERMS_ROLE`.
    /// @param staking_ the staking contract (SPEX)
    function setStaking(address staking_) external onlyRole(TERMS_ROLE) {
        if (_staking != address(0)) revert DaoStakingAlreadySet();
        if (staking_ == address(0)) revert DaoZeroAddress();
        _staking = staking_;
        emit StakingSet(staking_);
    }

    /// @notice The staking contract whose stake changes this DAO observes.
    function staking() external view returns (address) {
        return _staking;
    }

    /// @notice `account`'s inviter (address(0) if not in the tree or a root).
    /// @param account the account
    function inviterOf(address account) external view returns (address) {
        return _members[account].inviter;
    }

    /// @notice Accounts that joined directly under `account`.
    /// @param account the account
    function inviteesOf(address account) external view returns (address[] memory) {
        return _invitees[account];
    }

    /// @notice Whether `account` is in the tree (a root or bound) and may invite.
    /// @param account the account
    function isRegistered(address account) external view returns (bool) {
        return _members[account].registered;
    }

    /// @dev How many accounts joined directly under `account`.
    function _directInvitees(address account) internal view returns (uint256) {
        return _invitees[account].length;
    }

    function _setRoot(address account, bool root) private {
        _roots[account] = root;
        if (root) {
            _members[account].registered = true;
            if (_nodes[account].dropRound == 0) _nodes[account].dropRound = NO_DROP;
        }
        emit RootSet(account, root);
    }

    function _bind(address account, address inviter) private {
        if (account == address(0) || inviter == address(0)) revert DaoZeroAddress();
        if (account == inviter) revert DaoSelfInvite();
        Member storage m = _members[account];
        if (m.registered) revert DaoAlreadyBound(account);
        if (!_members[inviter].registered) revert DaoInviterNotRegistered(inviter);
        _join(m, account, inviter);
    }

    /// @dev Puts `account` (member record `m`, not in the tree) under `inviter` (in the tree).
    function _join(Member storage m, address account, address inviter) private {
        m.inviter = inviter;
        m.registered = true;
        _invitees[inviter].push(account);
        emit InviterBound(account, inviter, msg.sender);
        // A newcomer has no downline yet: only its own stake joins its ancestors' teams.
        Node storage n = _nodes[account];
        if (n.dropRound == 0) n.dropRound = NO_DROP;
        uint256 own = n.ownPrincipal;
        if (own > 0) _addToAncestors(inviter, int256(own), _seniority);
    }

    /// @dev Adds `principalDelta` to the teams of `ancestor` and the ancestors above it, up to
    /// `MAX_TEAM_DEPTH`, one slot each, keeping their boardroom condition current. A decrease
    /// also lowers the dividend weight of an ancestor whose level fell (increases wait for a
    /// poke): the thresholds and the dividend slot are read only then.
    function _addToAncestors(address ancestor, int256 principalDelta, Seniority memory s) private {
        uint96[4] memory th;
        uint256 rounds;
        bool loaded;
        uint256 dropped;
        for (uint256 depth = 0; ancestor != address(0); ) {
            Node storage node = _nodes[ancestor];
            uint256 word = _loadNode(node);
            uint256 team = _apply(word & MASK_96, principalDelta).toUint96();
            uint256 since = _nextEligibleSince(word, team, (word >> OWN_SHIFT) & MASK_96, s);
            word = (word & ~(MASK_96 | (MASK_32 << SINCE_SHIFT))) | team | (since << SINCE_SHIFT);
            uint256 weight = uint8(word >> WEIGHT_SHIFT);
            if (principalDelta < 0 && weight != 0) {
                if (!loaded) {
                    th = _levelThresholds;
                    rounds = _dividends.rounds;
                    loaded = true;
                }
                uint256 w = levelWeights()[uint256(_levelOf(team, th))];
                if (w < weight) {
                    dropped += weight - w;
                    uint256 dropRound = word >> DROP_SHIFT;
                    if (dropRound <= NO_DROP) dropRound = rounds + 2;
                    word = (word & MASK_WEIGHT_BELOW) | (w << WEIGHT_SHIFT) | (dropRound << DROP_SHIFT);
                    emit NodeWeightDropped(ancestor, w);
                }
            }
            _storeNode(node, word);
            // The last ancestor's inviter is not read: it is beyond the team depth.
            if (++depth == MAX_TEAM_DEPTH) break;
            ancestor = _members[ancestor].inviter;
        }
        if (dropped > 0) _dividends.totalWeight -= uint64(dropped);
    }

    function _apply(uint256 value, int256 delta) private pure returns (uint256) {
        return delta >= 0 ? value + uint256(delta) : value - uint256(-delta);
    }
}
