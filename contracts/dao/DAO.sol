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
/// node weight (0, 1, 2, 4, 8 by level), claimable at any time. A weight rises when the account
/// is poked (`pokeNode`, anyone for anyone) or claims; it falls in the same transaction as the
/// unstake that lowers the level, so it never outlives the stake that earned it. Accrual is kept
/// per dividend round (`_accAt`): between two settlements an account earns at its settled weight
/// up to the round of its first drop and at its current weight after it (exact for one drop,
/// never more than earned for several).
///
/// Boardroom: seniority is a Senior Node whose network principal (own plus team PEX staking
/// principal) exceeds `directorThreshold`, continuously for `seniorityPeriod` (the lowest
/// principal over the period counts, so a flash or short-lived stake never does). The DAO keeps,
/// per account, the moment that condition last became true (`eligibleSince`), updated on every
/// stake change of the account or its team; a change of the thresholds restarts it for everyone.
/// A senior account may `joinDirector` (at most `MAX_DIRECTORS` seats); only a senior director
/// creates (a proposal keyed by the creator's `random`) and signs (`passProposal`). A proposal
/// takes effect when strictly more than 2/3 of the directors senior now have signed, counting
/// only their signatures; it executes exactly once (a spend proposal moves treasury funds) and
/// can no longer be signed after its end time. A director may leave, and anyone may remove a
/// director that is not senior.
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
        uint96 directorThreshold; // network principal to exceed
        uint32 changedAt; // last change of either threshold: nobody is eligible from before it
        uint32 period; // how long the condition must hold
    }

    struct Dividends {
        uint64 totalWeight;
        uint32 rounds;
        uint40 lastAt;
        uint120 totalDistributed;
    }

    struct Proposal {
        address creator;
        uint64 startTime;
        uint32 signatures; // signatures that counted at the last signature (frozen once executed)
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

    /// @notice An account's standing for the boardroom.
    struct SeniorityInfo {
        bool eligible; // Senior Node with network principal above the director threshold now
        uint256 eligibleSince; // since when, without a break (0 when not eligible)
        uint256 seniorAt; // when it is or becomes senior if it stays eligible (0 when not eligible)
        bool senior; // eligible for the whole seniority period: may join, create and sign
    }

    /// @notice Team totals reach this many levels below an account.
    uint256 public constant MAX_TEAM_DEPTH = 5;
    /// @notice Most directors the boardroom seats at once (bounds every loop over them).
    uint256 public constant MAX_DIRECTORS = 15;
    /// @notice Bounds of the seniority period.
    uint256 public constant MIN_SENIORITY_PERIOD = 1 minutes;
    uint256 public constant MAX_SENIORITY_PERIOD = 90 days;
    uint256 private constant ACC_PRECISION = 1e18;
    /// @dev `Node.dropRound` keeps rounds + 2 in 24 bits.
    uint256 private constant MAX_ROUNDS = type(uint24).max - 2;
    uint24 private constant NO_DROP = 1;
    // `Node` as packed in its slot (see `_loadNode`).
    uint256 private constant MASK_96 = (1 << 96) - 1;
    uint256 private constant MASK_32 = (1 << 32) - 1;
    uint256 private constant MASK_WEIGHT_BELOW = (1 << 224) - 1;
    uint256 private constant OWN_SHIFT = 96;
    uint256 private constant SINCE_SHIFT = 192;
    uint256 private constant WEIGHT_SHIFT = 224;
    uint256 private constant DROP_SHIFT = 232;

    IERC20 private immutable _dividendToken;
    address private _staking;

    mapping(address account => Member) private _members;
    mapping(address account => Node) private _nodes;
    mapping(address account => address[]) private _invitees;
    mapping(address account => bool) private _roots;
    mapping(address account => bool) private _operators;
    uint96[4] private _levelThresholds;
    Seniority private _seniority;

    mapping(address account => uint256) private _pending;
    mapping(address account => uint256) private _growthBase; // team sPEX at the last claim (or first poke)
    mapping(uint256 round => uint256) private _accAt; // dividend per weight (scaled) after each round
    Dividends private _dividends;

    EnumerableSet.AddressSet private _directors;
    mapping(uint256 random => Proposal) private _proposals;
    mapping(uint256 random => mapping(address director => bool)) private _signed;
    uint256[] private _proposalIds;
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
    /// @notice Emitted when an unstake in `account`'s team lowered its dividend weight to `weight`.
    event NodeWeightDropped(address indexed account, uint256 weight);
    /// @notice Emitted when dividend round `round` shared `amount` over `totalWeight`.
    event DividendsDistributed(uint256 indexed round, uint256 amount, uint256 totalWeight);
    /// @notice Emitted when `account` claimed `amount` of dividends.
    event DividendsClaimed(address indexed account, uint256 amount);
    /// @notice Emitted when `director` joined the boardroom.
    event DirectorJoined(address indexed director, uint256 directorCount);
    /// @notice Emitted when the owner removed `director`.
    event DirectorRemoved(address indexed director, uint256 directorCount);
    /// @notice Emitted when `director` left the boardroom.
    event DirectorLeft(address indexed director, uint256 directorCount);
    /// @notice Emitted when `by` removed `director`, which was no longer senior.
    event IneligibleDirectorRemoved(address indexed director, address indexed by, uint256 directorCount);
    /// @notice Emitted when proposal `random` was created.
    event ProposalCreated(
        uint256 indexed random,
        address indexed creator,
        address token,
        address recipient,
        uint256 amount,
        uint256 endTime
    );
    /// @notice Emitted when `director` signed proposal `random`, which now has `signatures` that count.
    event ProposalSigned(uint256 indexed random, address indexed director, uint256 signatures);
    /// @notice Emitted when proposal `random` took effect.
    event ProposalExecuted(uint256 indexed random, address token, address recipient, uint256 amount);
    /// @notice Emitted when the owner set the boardroom terms.
    event BoardroomTermsSet(uint256 directorThreshold, uint256 proposalDuration, address treasury);
    /// @notice Emitted when the owner set how long the boardroom condition must hold.
    event SeniorityPeriodSet(uint256 period);
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
    error DaoTooManyRounds();
    error DaoAlreadyDirector(address account);
    error DaoNotSeniorNode(address account, NodeType nodeType);
    error DaoPrincipalBelowThreshold(address account, uint256 principal, uint256 threshold);
    error DaoSeniorityTooShort(address account, uint256 seniorAt);
    error DaoBoardroomFull(uint256 maxDirectors);
    error DaoDirectorStillSenior(address director);
    error DaoNotDirector(address account);
    error DaoProposalExists(uint256 random);
    error DaoProposalNotFound(uint256 random);
    error DaoProposalExpired(uint256 random, uint256 endTime);
    error DaoProposalAlreadyExecuted(uint256 random);
    error DaoAlreadySigned(uint256 random, address director);
    error DaoInvalidDuration(uint256 duration);
    error DaoInvalidSeniorityPeriod(uint256 period);
    error DaoStakingAlreadySet();

    modifier onlyOperator() {
        if (!_operators[msg.sender] && msg.sender != owner()) revert DaoNotOperator(msg.sender);
        _;
    }

    /// @dev A director that is senior now: the only one who creates and signs.
    modifier onlySeniorDirector() {
        if (!_directors.contains(msg.sender)) revert DaoNotDirector(msg.sender);
        _requireSenior(msg.sender);
        _;
    }

    /// @param dividendToken_ the token dividends are paid in (PEX)
    /// @param treasury_ the treasury spend proposals draw on (this DAO needs its `MANAGER_ROLE`)
    /// @param initialOwner owner, also the first root of the invitation tree
    constructor(IERC20 dividendToken_, Treasury treasury_, address initialOwner) Ownable(initialOwner) {
        _dividendToken = dividendToken_;
        _treasury = treasury_;
        _roots[initialOwner] = true;
        _members[initialOwner].registered = true;
        _nodes[initialOwner].dropRound = NO_DROP;
        _levelThresholds = [uint96(100e18), 1_000e18, 5_000e18, 20_000e18];
        _seniority = Seniority({
            seniorThreshold: 20_000e18,
            directorThreshold: 10_000e18,
            changedAt: uint32(block.timestamp),
            period: 7 days
        });
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
        Seniority memory s = _seniority;
        Node storage node = _nodes[user];
        uint256 word = _loadNode(node);
        uint256 own = _apply((word >> OWN_SHIFT) & MASK_96, principalDelta).toUint96();
        uint256 since = _nextEligibleSince(uint32(word >> SINCE_SHIFT), word & MASK_96, own, s);
        _storeNode(node, (word & ~((MASK_96 << OWN_SHIFT) | (MASK_32 << SINCE_SHIFT))) | (own << OWN_SHIFT) | (since << SINCE_SHIFT));
        _addToAncestors(_members[user].inviter, principalDelta, s);
    }

    // ------------------------------------------------------------------ dividends

    /// @notice Settles `account`'s dividends so far and sets its weight from its current node
    /// level (anyone may call; this is how a weight rises).
    function pokeNode(address account) external {
        _settle(account);
    }

    /// @notice Shares `amount` of the dividend token (approve it first) among nodes by weight:
    /// one call per dividend period; only for operators.
    function distributeDividends(uint256 amount) external onlyOperator nonReentrant {
        if (amount == 0) revert DaoZeroAmount();
        Dividends memory d = _dividends;
        if (d.totalWeight == 0) revert DaoNoEligibleNodes();
        if (d.rounds >= MAX_ROUNDS) revert DaoTooManyRounds();
        uint256 round = uint256(d.rounds) + 1;
        _accAt[round] = _accAt[d.rounds] + (amount * ACC_PRECISION) / d.totalWeight;
        d.rounds = uint32(round);
        d.lastAt = uint40(block.timestamp);
        d.totalDistributed = (uint256(d.totalDistributed) + amount).toUint120();
        _dividends = d;
        emit DividendsDistributed(round, amount, d.totalWeight);
        _dividendToken.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice Pays the caller's dividends so far and refreshes its weight.
    function claimDividends() external nonReentrant {
        _settle(msg.sender);
        uint256 amount = _pending[msg.sender];
        if (amount == 0) revert DaoNothingToClaim();
        _pending[msg.sender] = 0;
        _members[msg.sender].lastClaimAt = uint40(block.timestamp);
        _growthBase[msg.sender] = _nodes[msg.sender].teamPrincipal;
        emit DividendsClaimed(msg.sender, amount);
        _dividendToken.safeTransfer(msg.sender, amount);
    }

    // ------------------------------------------------------------------ boardroom

    /// @notice Joins the boardroom: the caller must be senior (a Senior Node whose network
    /// principal has exceeded `directorThreshold` for the whole seniority period) and a seat free.
    function joinDirector() external {
        if (_directors.contains(msg.sender)) revert DaoAlreadyDirector(msg.sender);
        _requireSenior(msg.sender);
        if (_directors.length() >= MAX_DIRECTORS) revert DaoBoardroomFull(MAX_DIRECTORS);
        _directors.add(msg.sender);
        emit DirectorJoined(msg.sender, _directors.length());
    }

    /// @notice Leaves the boardroom; the caller's signatures stop counting.
    function leaveDirector() external {
        if (!_directors.remove(msg.sender)) revert DaoNotDirector(msg.sender);
        emit DirectorLeft(msg.sender, _directors.length());
    }

    /// @notice Removes `director`, which is no longer senior (its stake or its team's fell, or the
    /// thresholds changed); anyone may call, so seats do not stay taken by stake that is gone.
    function removeIneligibleDirector(address director) external {
        if (!_directors.contains(director)) revert DaoNotDirector(director);
        if (_isSenior(_nodes[director], _seniority)) revert DaoDirectorStillSenior(director);
        _directors.remove(director);
        emit IneligibleDirectorRemoved(director, msg.sender, _directors.length());
    }

    /// @notice Creates a signalling proposal (no transfer) keyed by `random`; the creator signs it.
    /// Only for a director that is senior now.
    /// @param random the caller's reference: the proposal's serial number
    function createProposal(uint256 random) external onlySeniorDirector nonReentrant {
        _create(random, address(0), address(0), 0, _proposalDuration);
    }

    /// @notice Creates a proposal that, once it takes effect, moves `amount` of `token`
    /// (address(0) for ETH) from the treasury to `recipient`; the creator signs it. Only for a
    /// director that is senior now.
    /// @param random the caller's reference: the proposal's serial number
    /// @param duration seconds during which it can be signed (1 hour to 30 days)
    function createSpendProposal(
        uint256 random,
        address token,
        address recipient,
        uint256 amount,
        uint256 duration
    ) external onlySeniorDirector nonReentrant {
        if (recipient == address(0)) revert DaoZeroAddress();
        if (amount == 0) revert DaoZeroAmount();
        if (duration < 1 hours || duration > 30 days) revert DaoInvalidDuration(duration);
        _create(random, token, recipient, amount, duration);
    }

    /// @notice Signs proposal `random` (only for a director that is senior now); the signature
    /// that passes 2/3 of the directors senior now executes it.
    function passProposal(uint256 random) external onlySeniorDirector nonReentrant {
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

    /// @notice Signatures of proposal `random` that count: those of directors senior now (or,
    /// once executed, those that executed it).
    function getPass(uint256 random) external view returns (uint256) {
        return _countedSignatures(random, _proposals[random]);
    }

    // ------------------------------------------------------------------ views

    /// @notice Node level of `account` by its team sPEX.
    function nodeTypeOf(address account) public view returns (NodeType) {
        return _levelOf(_nodes[account].teamPrincipal, _levelThresholds);
    }

    /// @notice sPEX staked by `account`'s team (downline within `MAX_TEAM_DEPTH` levels), as
    /// received at staking (the team's staked principal).
    function teamSPexOf(address account) public view returns (uint256) {
        return _nodes[account].teamPrincipal;
    }

    /// @notice Own plus team PEX staking principal of `account`.
    function networkPrincipalOf(address account) public view returns (uint256) {
        Node memory n = _nodes[account];
        return uint256(n.ownPrincipal) + n.teamPrincipal;
    }

    /// @notice Dividends `account` can claim now.
    function pendingDividendsOf(address account) public view returns (uint256) {
        return _pending[account] + _accrued(_members[account], _nodes[account], _dividends.rounds);
    }

    /// @notice `account`'s standing for the boardroom: eligible now, since when, when it is (or
    /// becomes) senior, and whether it is senior now.
    function seniorityOf(address account) public view returns (SeniorityInfo memory info) {
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
    function seniorityTerms() external view returns (uint256 period, uint256 thresholdsChangedAt) {
        Seniority memory s = _seniority;
        return (s.period, s.changedAt);
    }

    /// @notice Everything the DAO reward page shows for `account`.
    function getNodeInfo(address account) external view returns (NodeInfo memory info) {
        Member memory m = _members[account];
        Node memory n = _nodes[account];
        int256 base = int256(_growthBase[account]);
        int256 growth = base == 0 ? int256(0) : ((int256(uint256(n.teamPrincipal)) - base) * 10_000) / base;
        info = NodeInfo({
            inviter: m.inviter,
            nodeType: _levelOf(n.teamPrincipal, _levelThresholds),
            teamSPex: n.teamPrincipal,
            teamPrincipal: n.teamPrincipal,
            ownPrincipal: n.ownPrincipal,
            networkPrincipal: uint256(n.ownPrincipal) + n.teamPrincipal,
            growthRateBps: growth,
            weight: n.weight,
            pendingDividends: pendingDividendsOf(account),
            lastDividendAt: _dividends.lastAt,
            lastClaimAt: m.lastClaimAt,
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
        return _members[account].registered;
    }

    /// @notice The team sPEX thresholds of Value User, Primary, Intermediate and Senior Node.
    function levelThresholds() external view returns (uint256[4] memory th) {
        for (uint256 i = 0; i < 4; ++i) th[i] = _levelThresholds[i];
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
        Dividends memory d = _dividends;
        return (d.rounds, d.lastAt, d.totalDistributed, d.totalWeight);
    }

    /// @notice Whether `account` is a director.
    function isDirector(address account) external view returns (bool) {
        return _directors.contains(account);
    }

    /// @notice All directors, senior now or not.
    function directors() external view returns (address[] memory) {
        return _directors.values();
    }

    /// @notice Directors senior now: those whose signatures count.
    function seniorDirectorCount() public view returns (uint256 count) {
        Seniority memory s = _seniority;
        uint256 n = _directors.length();
        for (uint256 i = 0; i < n; ++i) {
            if (_isSenior(_nodes[_directors.at(i)], s)) ++count;
        }
    }

    /// @notice Signatures a proposal needs now: > 2/3 of the directors senior now.
    function requiredSignatures() public view returns (uint256) {
        return (seniorDirectorCount() * 2) / 3 + 1;
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
            signatures: _countedSignatures(random, p),
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

    /// @notice Network principal a Senior Node must exceed to be eligible, default proposal
    /// duration and the treasury spend proposals draw on.
    function boardroomTerms() external view returns (uint256 directorThreshold, uint256 proposalDuration, address treasury) {
        return (_seniority.directorThreshold, _proposalDuration, address(_treasury));
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
        if (root) {
            _members[account].registered = true;
            if (_nodes[account].dropRound == 0) _nodes[account].dropRound = NO_DROP;
        }
        emit RootSet(account, root);
    }

    /// @notice Makes `account` an operator (binds inviters, distributes dividends) or not.
    function setOperator(address account, bool operator) external onlyOwner {
        if (account == address(0)) revert DaoZeroAddress();
        _operators[account] = operator;
        emit OperatorSet(account, operator);
    }

    /// @notice Sets the team sPEX thresholds of the four node levels (strictly ascending, > 0,
    /// each below 2^96). A changed Senior Node threshold restarts everyone's seniority.
    function setLevelThresholds(uint256[4] calldata thresholds) external onlyOwner {
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

    /// @notice Sets the director threshold (below 2^96), the default proposal duration and the
    /// treasury. A changed director threshold restarts everyone's seniority.
    function setBoardroomTerms(uint256 directorThreshold, uint256 proposalDuration, Treasury treasury) external onlyOwner {
        if (proposalDuration < 1 hours || proposalDuration > 30 days) revert DaoInvalidDuration(proposalDuration);
        if (address(treasury) == address(0)) revert DaoZeroAddress();
        if (directorThreshold > type(uint96).max) revert DaoInvalidThresholds();
        Seniority storage s = _seniority;
        if (s.directorThreshold != directorThreshold) {
            s.directorThreshold = uint96(directorThreshold);
            s.changedAt = uint32(block.timestamp);
        }
        _proposalDuration = proposalDuration;
        _treasury = treasury;
        emit BoardroomTermsSet(directorThreshold, proposalDuration, address(treasury));
    }

    /// @notice Sets how long the boardroom condition must hold before an account is senior
    /// (`MIN_SENIORITY_PERIOD` to `MAX_SENIORITY_PERIOD`).
    function setSeniorityPeriod(uint256 period) external onlyOwner {
        if (period < MIN_SENIORITY_PERIOD || period > MAX_SENIORITY_PERIOD) revert DaoInvalidSeniorityPeriod(period);
        _seniority.period = uint32(period);
        emit SeniorityPeriodSet(period);
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

    /// @notice Removes `director` from the boardroom; its signatures stop counting.
    function removeDirector(address director) external onlyOwner {
        if (!_directors.remove(director)) revert DaoNotDirector(director);
        emit DirectorRemoved(director, _directors.length());
    }

    // ------------------------------------------------------------------ internals

    function _bind(address account, address inviter) private {
        if (account == address(0) || inviter == address(0)) revert DaoZeroAddress();
        if (account == inviter) revert DaoSelfInvite();
        Member storage m = _members[account];
        if (m.registered) revert DaoAlreadyBound(account);
        if (!_members[inviter].registered) revert DaoInviterNotRegistered(inviter);
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
            uint256 since = _nextEligibleSince(uint32(word >> SINCE_SHIFT), team, (word >> OWN_SHIFT) & MASK_96, s);
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

    /// @dev The hot path reads and writes a `Node` as the one word it is packed in (fields from
    /// the low bits: teamPrincipal 96, ownPrincipal 96, eligibleSince 32, weight 8, dropRound 24):
    /// one SLOAD and one SSTORE per account instead of one read-modify-write per field.
    function _loadNode(Node storage node) private view returns (uint256 word) {
        assembly ("memory-safe") {
            word := sload(node.slot)
        }
    }

    function _storeNode(Node storage node, uint256 word) private {
        assembly ("memory-safe") {
            sstore(node.slot, word)
        }
    }

    /// @dev The boardroom condition after a change: kept since it became true, 0 while false.
    function _nextEligibleSince(uint32 since, uint256 team, uint256 own, Seniority memory s) private view returns (uint256) {
        if (team < s.seniorThreshold || own + team <= s.directorThreshold) return 0;
        return since != 0 ? since : uint32(block.timestamp);
    }

    /// @dev Since when `n` has met the boardroom condition under the current thresholds (0 if it
    /// does not now). The stored moment predates a threshold change at most: clamp it to it.
    function _eligibleSince(Node memory n, Seniority memory s) private pure returns (uint256 since) {
        uint256 team = n.teamPrincipal;
        if (team < s.seniorThreshold || uint256(n.ownPrincipal) + team <= s.directorThreshold) return 0;
        since = n.eligibleSince;
        if (since < s.changedAt) since = s.changedAt;
    }

    function _isSenior(Node memory n, Seniority memory s) private view returns (bool) {
        uint256 since = _eligibleSince(n, s);
        return since != 0 && since + s.period <= block.timestamp;
    }

    /// @dev Reverts with the first reason `account` is not senior: level, principal, period.
    function _requireSenior(address account) private view {
        Seniority memory s = _seniority;
        Node memory n = _nodes[account];
        if (n.teamPrincipal < s.seniorThreshold) revert DaoNotSeniorNode(account, nodeTypeOf(account));
        uint256 principal = uint256(n.ownPrincipal) + n.teamPrincipal;
        if (principal <= s.directorThreshold) revert DaoPrincipalBelowThreshold(account, principal, s.directorThreshold);
        uint256 seniorAt = _eligibleSince(n, s) + s.period;
        if (seniorAt > block.timestamp) revert DaoSeniorityTooShort(account, seniorAt);
    }

    function _levelOf(uint256 team, uint96[4] memory th) private pure returns (NodeType) {
        for (uint256 i = 4; i > 0; --i) {
            if (team >= th[i - 1]) return NodeType(i);
        }
        return NodeType.OrdinaryUser;
    }

    /// @dev Dividends earned since the last settlement: at the settled weight up to the first
    /// drop, at the current (lowest) weight after it.
    function _accrued(Member memory m, Node memory n, uint256 rounds) private view returns (uint256) {
        uint256 dropAt = n.dropRound <= NO_DROP ? rounds : uint256(n.dropRound) - 2;
        uint256 accDrop = _accAt[dropAt];
        uint256 scaled = uint256(m.settledWeight) * (accDrop - _accAt[m.settledRound]) + uint256(n.weight) * (_accAt[rounds] - accDrop);
        return scaled / ACC_PRECISION;
    }

    /// @dev Banks `account`'s accrued dividends and sets its weight from its level.
    function _settle(address account) private {
        Member memory m = _members[account];
        Node memory n = _nodes[account];
        Dividends memory d = _dividends;
        _pending[account] += _accrued(m, n, d.rounds);
        NodeType t = _levelOf(n.teamPrincipal, _levelThresholds);
        uint256 weight = levelWeights()[uint256(t)];
        if (weight != n.weight) _dividends.totalWeight = uint64(d.totalWeight + weight - n.weight);
        n.weight = uint8(weight);
        n.dropRound = NO_DROP;
        _nodes[account] = n;
        m.settledWeight = uint8(weight);
        m.settledRound = d.rounds;
        _members[account] = m;
        if (_growthBase[account] == 0) _growthBase[account] = n.teamPrincipal;
        emit NodePoked(account, t, weight);
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

    /// @dev Records the caller's signature and executes the proposal once the signatures of
    /// directors senior now pass two thirds of them (the caller is one: it was checked).
    function _sign(uint256 random, Proposal storage p) private {
        _signed[random][msg.sender] = true;
        (uint256 signatures, uint256 seniors) = _tally(random);
        p.signatures = uint32(signatures);
        emit ProposalSigned(random, msg.sender, signatures);
        // Strictly more than two thirds: signatures / seniors > 2 / 3.
        if (signatures * 3 > seniors * 2) {
            p.executed = true;
            emit ProposalExecuted(random, p.token, p.recipient, p.amount);
            if (p.amount > 0) _treasury.manage(p.token, p.recipient, p.amount);
        }
    }

    /// @dev Directors senior now, and how many of them signed `random`: at most `MAX_DIRECTORS` steps.
    function _tally(uint256 random) private view returns (uint256 signatures, uint256 seniors) {
        Seniority memory s = _seniority;
        uint256 n = _directors.length();
        for (uint256 i = 0; i < n; ++i) {
            address d = _directors.at(i);
            if (!_isSenior(_nodes[d], s)) continue;
            ++seniors;
            if (_signed[random][d]) ++signatures;
        }
    }

    function _countedSignatures(uint256 random, Proposal storage p) private view returns (uint256 signatures) {
        if (p.creator == address(0)) return 0;
        if (p.executed) return p.signatures;
        (signatures, ) = _tally(random);
    }

    function _apply(uint256 value, int256 delta) private pure returns (uint256) {
        return delta >= 0 ? value + uint256(delta) : value - uint256(-delta);
    }
}
