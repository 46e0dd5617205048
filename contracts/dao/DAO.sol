// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {EnumerableSet} from "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IStakeObserver} from "../interfaces/IStakeObserver.sol";
import {SPEX} from "../staking/SPEX.sol";
import {Treasury} from "../treasury/Treasury.sol";

/// @title DAO
/// @notice The invitation tree, node levels, DAO dividends and the boardroom.
///
/// Invitation tree: an account joins the tree once, under an inviter that is already in it (a
/// root, or an account that has joined), either itself with `bindInviter` or through an
/// operator (`bindInviterFor`, used by the server to mirror the inviter bound at registration).
/// Because an inviter must already be in the tree and an account binds only once, no cycle can
/// form. `SPEX` reports every change of an account's staked principal, and the DAO adds it to
/// the team totals of its ancestors up to `MAX_TEAM_DEPTH` levels up: a team is the downline
/// within that depth, without the account itself. A team's sPEX is the sPEX its members
/// received for their stakes (their staked principal): rebase growth is not counted, so a
/// level changes only when the team stakes or unstakes.
///
/// Node level: by team sPEX against four owner-set thresholds (Value User, Primary, Intermediate
/// and Senior Node). Dividends: each distribution (one per period, by an operator) is shared by
/// node weight (0, 1, 2, 4, 8 by level), MasterChef-style, and claimable at any time. An account's
/// weight is refreshed by `pokeNode` (anyone, for anyone) and on each claim.
///
/// Boardroom: a Senior Node whose network principal (own plus team PEX staking principal)
/// exceeds `directorThreshold` may `joinDirector`. Directors create proposals (keyed by the
/// creator's `random`) and sign them with `passProposal`; a proposal takes effect when strictly
/// more than 2/3 of the current directors have signed, executes exactly once (a spend proposal
/// moves treasury funds) and can no longer be signed after its end time.
contract DAO is IStakeObserver, Ownable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;
    using EnumerableSet for EnumerableSet.AddressSet;

    enum NodeType {
        OrdinaryUser,
        ValueUser,
        PrimaryNode,
        IntermediateNode,
        SeniorNode
    }

    enum ProposalStatus {
        None,
        Active,
        Executed,
        Expired
    }

    /// @dev One slot per ancestor, read and written on every stake change below it.
    struct Member {
        address inviter;
        uint96 teamPrincipal;
    }

    /// @dev `registered` keeps the slot non-zero once in the tree, so updates stay cheap.
    struct Own {
        uint96 principal;
        bool registered;
        uint8 weight;
        uint40 lastClaimAt;
        uint96 growthBase; // team sPEX at the last claim (or first poke): the growth reference
    }

    struct Proposal {
        address creator;
        uint64 startTime;
        uint32 signatures;
        address token;
        uint64 endTime;
        bool executed;
        address recipient;
        uint256 amount;
    }

    /// @notice Everything the DAO reward page shows for one account.
    struct NodeInfo {
        address inviter;
        NodeType nodeType;
        uint256 teamSPex;
        uint256 teamPrincipal;
        uint256 ownPrincipal;
        uint256 networkPrincipal;
        int256 growthRateBps;
        uint256 weight;
        uint256 pendingDividends;
        uint256 lastDividendAt;
        uint256 lastClaimAt;
        uint256 directInvitees;
        bool director;
    }

    /// @notice One proposal as the boardroom page lists it.
    struct ProposalInfo {
        uint256 random;
        address creator;
        address token;
        address recipient;
        uint256 amount;
        uint256 signatures;
        uint256 requiredSignatures;
        uint256 startTime;
        uint256 endTime;
        ProposalStatus status;
    }

    /// @notice Team totals reach this many levels below an account.
    uint256 public constant MAX_TEAM_DEPTH = 5;
    uint256 private constant ACC_PRECISION = 1e18;

    IERC20 private immutable _dividendToken;
    address private _staking;

    mapping(address account => Member) private _members;
    mapping(address account => Own) private _own;
    mapping(address account => address[]) private _invitees;
    mapping(address account => bool) private _roots;
    mapping(address account => bool) private _operators;
    uint256[4] private _levelThresholds;

    mapping(address account => uint256) private _rewardDebt;
    mapping(address account => uint256) private _pending;
    uint256 private _accPerWeight;
    uint256 private _totalWeight;
    uint256 private _dividendRounds;
    uint256 private _lastDividendAt;
    uint256 private _totalDistributed;

    EnumerableSet.AddressSet private _directors;
    mapping(uint256 random => Proposal) private _proposals;
    mapping(uint256 random => mapping(address director => bool)) private _signed;
    uint256[] private _proposalIds;
    uint256 private _directorThreshold;
    uint256 private _proposalDuration;
    Treasury private _treasury;

    /// @notice Emitted when `account` joined the tree under `inviter` (`by` is the caller).
    event InviterBound(address indexed account, address indexed inviter, address indexed by);
    /// @notice Emitted when the owner made `account` a root (or not).
    event RootSet(address indexed account, bool root);
    /// @notice Emitted when the owner made `account` an operator (or not).
    event OperatorSet(address indexed account, bool operator);
    /// @notice Emitted when the owner set the team sPEX thresholds of the four node levels.
    event LevelThresholdsSet(uint256 valueUser, uint256 primaryNode, uint256 intermediateNode, uint256 seniorNode);
    /// @notice Emitted when `account`'s dividend weight was refreshed.
    event NodePoked(address indexed account, NodeType nodeType, uint256 weight);
    /// @notice Emitted when dividend round `round` shared `amount` over `totalWeight`.
    event DividendsDistributed(uint256 indexed round, uint256 amount, uint256 totalWeight);
    /// @notice Emitted when `account` claimed `amount` of dividends.
    event DividendsClaimed(address indexed account, uint256 amount);
    /// @notice Emitted when `director` joined the boardroom.
    event DirectorJoined(address indexed director, uint256 directorCount);
    /// @notice Emitted when the owner removed `director`.
    event DirectorRemoved(address indexed director, uint256 directorCount);
    /// @notice Emitted when proposal `random` was created.
    event ProposalCreated(
        uint256 indexed random,
        address indexed creator,
        address token,
        address recipient,
        uint256 amount,
        uint256 endTime
    );
    /// @notice Emitted when `director` signed proposal `random`, which now has `signatures`.
    event ProposalSigned(uint256 indexed random, address indexed director, uint256 signatures);
    /// @notice Emitted when proposal `random` took effect.
    event ProposalExecuted(uint256 indexed random, address token, address recipient, uint256 amount);
    /// @notice Emitted when the owner set the boardroom terms.
    event BoardroomTermsSet(uint256 directorThreshold, uint256 proposalDuration, address treasury);
    /// @notice Emitted when the owner set the staking contract whose changes the DAO observes.
    event StakingSet(address staking);

    error DaoNotStaking(address caller);
    error DaoNotOperator(address caller);
    error DaoZeroAddress();
    error DaoAlreadyBound(address account);
    error DaoSelfInvite();
    error DaoInviterNotRegistered(address inviter);
    error DaoInvalidThresholds();
    error DaoNoEligibleNodes();
    error DaoZeroAmount();
    error DaoNothingToClaim();
    error DaoAlreadyDirector(address account);
    error DaoNotSeniorNode(address account, NodeType nodeType);
    error DaoPrincipalBelowThreshold(address account, uint256 principal, uint256 threshold);
    error DaoNotDirector(address account);
    error DaoProposalExists(uint256 random);
    error DaoProposalNotFound(uint256 random);
    error DaoProposalExpired(uint256 random, uint256 endTime);
    error DaoProposalAlreadyExecuted(uint256 random);
    error DaoAlreadySigned(uint256 random, address director);
    error DaoInvalidDuration(uint256 duration);
    error DaoStakingAlreadySet();

    modifier onlyOperator() {
        if (!_operators[msg.sender] && msg.sender != owner()) revert DaoNotOperator(msg.sender);
        _;
    }

    modifier onlyDirector() {
        if (!_directors.contains(msg.sender)) revert DaoNotDirector(msg.sender);
        _;
    }

    /// @param dividendToken_ the token dividends are paid in (PEX)
    /// @param treasury_ the treasury spend proposals draw on (this DAO needs its `MANAGER_ROLE`)
    /// @param initialOwner owner, also the first root of the invitation tree
    constructor(IERC20 dividendToken_, Treasury treasury_, address initialOwner) Ownable(initialOwner) {
        _dividendToken = dividendToken_;
        _treasury = treasury_;
        _roots[initialOwner] = true;
        _own[initialOwner].registered = true;
        _levelThresholds = [uint256(100e18), 1_000e18, 5_000e18, 20_000e18];
        _directorThreshold = 10_000e18;
        _proposalDuration = 3 days;
        emit RootSet(initialOwner, true);
    }

    // ------------------------------------------------------------------ invitation tree

    /// @notice Joins the invitation tree under `inviter` (once; the inviter must be in the tree).
    function bindInviter(address inviter) external {
        _bind(msg.sender, inviter);
    }

    /// @notice Binds `account` under `inviter` on the account's behalf; only for operators (the
    /// server mirrors the inviter each user chose at registration).
    function bindInviterFor(address account, address inviter) external onlyOperator {
        _bind(account, inviter);
    }

    /// @inheritdoc IStakeObserver
    function onStakeChanged(address user, int256 principalDelta) external {
        if (msg.sender != _staking) revert DaoNotStaking(msg.sender);
        Own storage own = _own[user];
        own.principal = _apply(own.principal, principalDelta).toUint96();
        _addToAncestors(_members[user].inviter, principalDelta);
    }

    // ------------------------------------------------------------------ dividends

    /// @notice Refreshes `account`'s dividend weight from its current node level (anyone may call).
    function pokeNode(address account) external {
        _poke(account);
    }

    /// @notice Shares `amount` of the dividend token (approve it first) among nodes by weight:
    /// one call per dividend period; only for operators.
    function distributeDividends(uint256 amount) external onlyOperator nonReentrant {
        if (amount == 0) revert DaoZeroAmount();
        uint256 totalWeight = _totalWeight;
        if (totalWeight == 0) revert DaoNoEligibleNodes();
        _accPerWeight += (amount * ACC_PRECISION) / totalWeight;
        _lastDividendAt = block.timestamp;
        _totalDistributed += amount;
        uint256 round = ++_dividendRounds;
        emit DividendsDistributed(round, amount, totalWeight);
        _dividendToken.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice Pays the caller's dividends so far and refreshes its weight.
    function claimDividends() external nonReentrant {
        _poke(msg.sender);
        uint256 amount = _pending[msg.sender];
        if (amount == 0) revert DaoNothingToClaim();
        _pending[msg.sender] = 0;
        Own storage own = _own[msg.sender];
        own.lastClaimAt = uint40(block.timestamp);
        own.growthBase = _members[msg.sender].teamPrincipal;
        emit DividendsClaimed(msg.sender, amount);
        _dividendToken.safeTransfer(msg.sender, amount);
    }

    // ------------------------------------------------------------------ boardroom

    /// @notice Joins the boardroom: the caller must be a Senior Node whose network principal
    /// (own plus team staking principal) exceeds `directorThreshold`.
    function joinDirector() external {
        if (_directors.contains(msg.sender)) revert DaoAlreadyDirector(msg.sender);
        NodeType t = nodeTypeOf(msg.sender);
        if (t != NodeType.SeniorNode) revert DaoNotSeniorNode(msg.sender, t);
        uint256 principal = networkPrincipalOf(msg.sender);
        if (principal <= _directorThreshold) revert DaoPrincipalBelowThreshold(msg.sender, principal, _directorThreshold);
        _directors.add(msg.sender);
        emit DirectorJoined(msg.sender, _directors.length());
    }

    /// @notice Creates a signalling proposal (no transfer) keyed by `random`; the creator signs it.
    /// @param random the caller's reference: the proposal's serial number
    function createProposal(uint256 random) external onlyDirector nonReentrant {
        _create(random, address(0), address(0), 0, _proposalDuration);
    }

    /// @notice Creates a proposal that, once it takes effect, moves `amount` of `token`
    /// (address(0) for ETH) from the treasury to `recipient`; the creator signs it.
    /// @param random the caller's reference: the proposal's serial number
    /// @param duration seconds during which it can be signed (1 hour to 30 days)
    function createSpendProposal(
        uint256 random,
        address token,
        address recipient,
        uint256 amount,
        uint256 duration
    ) external onlyDirector nonReentrant {
        if (recipient == address(0)) revert DaoZeroAddress();
        if (amount == 0) revert DaoZeroAmount();
        if (duration < 1 hours || duration > 30 days) revert DaoInvalidDuration(duration);
        _create(random, token, recipient, amount, duration);
    }

    /// @notice Signs proposal `random`; the signature that passes 2/3 of the directors executes it.
    function passProposal(uint256 random) external onlyDirector nonReentrant {
        Proposal storage p = _proposals[random];
        if (p.creator == address(0)) revert DaoProposalNotFound(random);
        if (p.executed) revert DaoProposalAlreadyExecuted(random);
        if (block.timestamp > p.endTime) revert DaoProposalExpired(random, p.endTime);
        if (_signed[random][msg.sender]) revert DaoAlreadySigned(random, msg.sender);
        _sign(random, p);
    }

    /// @notice Whether the caller is a director (call with `from` set).
    function getDirector() external view returns (bool) {
        return _directors.contains(msg.sender);
    }

    /// @notice Whether proposal `random` exists.
    function getProposal(uint256 random) external view returns (bool) {
        return _proposals[random].creator != address(0);
    }

    /// @notice Number of signatures proposal `random` has.
    function getPass(uint256 random) external view returns (uint256) {
        return _proposals[random].signatures;
    }

    // ------------------------------------------------------------------ views

    /// @notice Node level of `account` by its team sPEX.
    function nodeTypeOf(address account) public view returns (NodeType) {
        uint256 team = teamSPexOf(account);
        uint256[4] memory th = _levelThresholds;
        for (uint256 i = 4; i > 0; --i) {
            if (team >= th[i - 1]) return NodeType(i);
        }
        return NodeType.OrdinaryUser;
    }

    /// @notice sPEX staked by `account`'s team (downline within `MAX_TEAM_DEPTH` levels), as
    /// received at staking (the team's staked principal).
    function teamSPexOf(address account) public view returns (uint256) {
        return _members[account].teamPrincipal;
    }

    /// @notice Own plus team PEX staking principal of `account`.
    function networkPrincipalOf(address account) public view returns (uint256) {
        return uint256(_own[account].principal) + _members[account].teamPrincipal;
    }

    /// @notice Dividends `account` can claim now at its current weight.
    function pendingDividendsOf(address account) public view returns (uint256) {
        uint256 accrued = (uint256(_own[account].weight) * _accPerWeight) / ACC_PRECISION;
        return _pending[account] + accrued - _rewardDebt[account];
    }

    /// @notice Everything the DAO reward page shows for `account`.
    function getNodeInfo(address account) external view returns (NodeInfo memory info) {
        Member memory m = _members[account];
        Own memory own = _own[account];
        int256 base = int256(uint256(own.growthBase));
        int256 growth = base == 0 ? int256(0) : ((int256(uint256(m.teamPrincipal)) - base) * 10_000) / base;
        info = NodeInfo({
            inviter: m.inviter,
            nodeType: nodeTypeOf(account),
            teamSPex: m.teamPrincipal,
            teamPrincipal: m.teamPrincipal,
            ownPrincipal: own.principal,
            networkPrincipal: uint256(own.principal) + m.teamPrincipal,
            growthRateBps: growth,
            weight: own.weight,
            pendingDividends: pendingDividendsOf(account),
            lastDividendAt: _lastDividendAt,
            lastClaimAt: own.lastClaimAt,
            directInvitees: _invitees[account].length,
            director: _directors.contains(account)
        });
    }

    /// @notice `account`'s inviter (address(0) if not in the tree or a root).
    function inviterOf(address account) external view returns (address) {
        return _members[account].inviter;
    }

    /// @notice Accounts that joined directly under `account`.
    function inviteesOf(address account) external view returns (address[] memory) {
        return _invitees[account];
    }

    /// @notice Whether `account` is in the tree (a root or bound) and may invite.
    function isRegistered(address account) public view returns (bool) {
        return _own[account].registered;
    }

    /// @notice The team sPEX thresholds of Value User, Primary, Intermediate and Senior Node.
    function levelThresholds() external view returns (uint256[4] memory) {
        return _levelThresholds;
    }

    /// @notice Dividend weight of each node level, Ordinary User first.
    function levelWeights() public pure returns (uint256[5] memory) {
        return [uint256(0), 1, 2, 4, 8];
    }

    /// @notice Dividend state: rounds so far, time of the last one, total distributed and total weight.
    function dividendState()
        external
        view
        returns (uint256 rounds, uint256 lastDividendAt, uint256 totalDistributed, uint256 totalWeight)
    {
        return (_dividendRounds, _lastDividendAt, _totalDistributed, _totalWeight);
    }

    /// @notice Whether `account` is a director.
    function isDirector(address account) external view returns (bool) {
        return _directors.contains(account);
    }

    /// @notice All directors.
    function directors() external view returns (address[] memory) {
        return _directors.values();
    }

    /// @notice Signatures a proposal needs with the current number of directors: > 2/3 of them.
    function requiredSignatures() public view returns (uint256) {
        return (_directors.length() * 2) / 3 + 1;
    }

    /// @notice Whether `director` signed proposal `random`.
    function hasSigned(uint256 random, address director) external view returns (bool) {
        return _signed[random][director];
    }

    /// @notice Number of proposals ever created.
    function proposalCount() external view returns (uint256) {
        return _proposalIds.length;
    }

    /// @notice Proposal `random` with its status.
    function getProposalInfo(uint256 random) public view returns (ProposalInfo memory info) {
        Proposal storage p = _proposals[random];
        ProposalStatus status = ProposalStatus.None;
        if (p.creator != address(0)) {
            if (p.executed) status = ProposalStatus.Executed;
            else if (block.timestamp > p.endTime) status = ProposalStatus.Expired;
            else status = ProposalStatus.Active;
        }
        info = ProposalInfo({
            random: random,
            creator: p.creator,
            token: p.token,
            recipient: p.recipient,
            amount: p.amount,
            signatures: p.signatures,
            requiredSignatures: requiredSignatures(),
            startTime: p.startTime,
            endTime: p.endTime,
            status: status
        });
    }

    /// @notice Up to `limit` proposals, newest first, skipping the `offset` newest.
    function getProposals(uint256 offset, uint256 limit) external view returns (ProposalInfo[] memory list) {
        uint256 total = _proposalIds.length;
        uint256 n = offset >= total ? 0 : total - offset;
        if (n > limit) n = limit;
        list = new ProposalInfo[](n);
        for (uint256 i = 0; i < n; ++i) list[i] = getProposalInfo(_proposalIds[total - offset - 1 - i]);
    }

    /// @notice Network principal a Senior Node must exceed to join, default proposal duration
    /// and the treasury spend proposals draw on.
    function boardroomTerms() external view returns (uint256 directorThreshold, uint256 proposalDuration, address treasury) {
        return (_directorThreshold, _proposalDuration, address(_treasury));
    }

    /// @notice Whether `account` is an operator.
    function isOperator(address account) external view returns (bool) {
        return _operators[account];
    }

    // ------------------------------------------------------------------ owner

    /// @notice Makes `account` a root of the invitation tree (or not); roots need no inviter.
    function setRoot(address account, bool root) external onlyOwner {
        if (account == address(0)) revert DaoZeroAddress();
        _roots[account] = root;
        if (root) _own[account].registered = true;
        emit RootSet(account, root);
    }

    /// @notice Makes `account` an operator (binds inviters, distributes dividends) or not.
    function setOperator(address account, bool operator) external onlyOwner {
        if (account == address(0)) revert DaoZeroAddress();
        _operators[account] = operator;
        emit OperatorSet(account, operator);
    }

    /// @notice Sets the team sPEX thresholds of the four node levels (strictly ascending, > 0).
    function setLevelThresholds(uint256[4] calldata thresholds) external onlyOwner {
        if (thresholds[0] == 0) revert DaoInvalidThresholds();
        for (uint256 i = 1; i < 4; ++i) {
            if (thresholds[i] <= thresholds[i - 1]) revert DaoInvalidThresholds();
        }
        _levelThresholds = thresholds;
        emit LevelThresholdsSet(thresholds[0], thresholds[1], thresholds[2], thresholds[3]);
    }

    /// @notice Sets the director threshold, the default proposal duration and the treasury.
    function setBoardroomTerms(uint256 directorThreshold, uint256 proposalDuration, Treasury treasury) external onlyOwner {
        if (proposalDuration < 1 hours || proposalDuration > 30 days) revert DaoInvalidDuration(proposalDuration);
        if (address(treasury) == address(0)) revert DaoZeroAddress();
        _directorThreshold = directorThreshold;
        _proposalDuration = proposalDuration;
        _treasury = treasury;
        emit BoardroomTermsSet(directorThreshold, proposalDuration, address(treasury));
    }

    /// @notice Sets the staking contract (`SPEX`) whose stake changes this DAO observes; once,
    /// before anything is staked (SPEX is deployed with this DAO as its observer).
    function setStaking(SPEX staking) external onlyOwner {
        if (_staking != address(0)) revert DaoStakingAlreadySet();
        if (address(staking) == address(0)) revert DaoZeroAddress();
        _staking = address(staking);
        emit StakingSet(address(staking));
    }

    /// @notice The staking contract whose stake changes this DAO observes.
    function staking() external view returns (address) {
        return _staking;
    }

    /// @notice Removes `director` from the boardroom; its past signatures stay counted.
    function removeDirector(address director) external onlyOwner {
        if (!_directors.remove(director)) revert DaoNotDirector(director);
        emit DirectorRemoved(director, _directors.length());
    }

    // ------------------------------------------------------------------ internals

    function _bind(address account, address inviter) private {
        if (account == address(0) || inviter == address(0)) revert DaoZeroAddress();
        if (account == inviter) revert DaoSelfInvite();
        Own storage own = _own[account];
        if (own.registered) revert DaoAlreadyBound(account);
        if (!_own[inviter].registered) revert DaoInviterNotRegistered(inviter);
        _members[account].inviter = inviter;
        own.registered = true;
        _invitees[inviter].push(account);
        emit InviterBound(account, inviter, msg.sender);
        // A newcomer has no downline yet: only its own stake joins its ancestors' teams.
        if (own.principal > 0) _addToAncestors(inviter, int256(uint256(own.principal)));
    }

    function _addToAncestors(address ancestor, int256 principalDelta) private {
        for (uint256 depth = 0; depth < MAX_TEAM_DEPTH && ancestor != address(0); ++depth) {
            Member storage m = _members[ancestor];
            m.teamPrincipal = _apply(m.teamPrincipal, principalDelta).toUint96();
            ancestor = m.inviter;
        }
    }

    function _poke(address account) private {
        Own storage h = _own[account];
        uint256 acc = _accPerWeight;
        uint256 oldWeight = h.weight;
        _pending[account] += (oldWeight * acc) / ACC_PRECISION - _rewardDebt[account];
        NodeType t = nodeTypeOf(account);
        uint256 newWeight = levelWeights()[uint256(t)];
        if (newWeight != oldWeight) {
            h.weight = uint8(newWeight);
            _totalWeight = _totalWeight + newWeight - oldWeight;
        }
        if (h.growthBase == 0) h.growthBase = _members[account].teamPrincipal;
        _rewardDebt[account] = (newWeight * acc) / ACC_PRECISION;
        emit NodePoked(account, t, newWeight);
    }

    function _create(uint256 random, address token, address recipient, uint256 amount, uint256 duration) private {
        Proposal storage p = _proposals[random];
        if (p.creator != address(0)) revert DaoProposalExists(random);
        p.creator = msg.sender;
        p.startTime = uint64(block.timestamp);
        p.endTime = uint64(block.timestamp + duration);
        p.token = token;
        p.recipient = recipient;
        p.amount = amount;
        _proposalIds.push(random);
        emit ProposalCreated(random, msg.sender, token, recipient, amount, p.endTime);
        _sign(random, p);
    }

    function _sign(uint256 random, Proposal storage p) private {
        _signed[random][msg.sender] = true;
        uint256 signatures = p.signatures + 1;
        p.signatures = uint32(signatures);
        emit ProposalSigned(random, msg.sender, signatures);
        // Strictly more than two thirds: signatures / directors > 2 / 3.
        if (signatures * 3 > _directors.length() * 2) {
            p.executed = true;
            emit ProposalExecuted(random, p.token, p.recipient, p.amount);
            if (p.amount > 0) _treasury.manage(p.token, p.recipient, p.amount);
        }
    }

    function _apply(uint256 value, int256 delta) private pure returns (uint256) {
        return delta >= 0 ? value + uint256(delta) : value - uint256(-delta);
    }
}
