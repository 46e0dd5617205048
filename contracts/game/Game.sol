// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {EnumerableSet} from "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";

/// @title Game
/// @notice Entry point of the game economy, and the lottery.
///
/// Recharge: `recharge` moves an allowed token from the caller into the game; the server's chain
/// watcher reads `Recharged` and credits the caller's (off-chain) account once, keyed by
/// transaction hash and log index. The caller's `random` reference lets the server match the
/// event to the recharge intent the app registered first. Recharged tokens are the operator's
/// to `sweep`; they never become an on-chain game balance.
///
/// Lottery: players `deposit` the lottery token into an on-chain game balance, which they can
/// `withdraw` at any time and spend on entries. A round goes Not Start → Joining (between its
/// start and end time) → Drawing Winner (after its end) → drawn (or cancelled). The draw is
/// commit-reveal plus a future block hash: the operator commits `keccak256(seed)` when starting
/// the round; after the end anyone calls `requestDraw`, which fixes the next block as the draw
/// block; the operator then reveals `seed` and the winning entry is
/// `keccak256(seed, blockhash(drawBlock), round) mod entries`. Players cannot predict it (the
/// seed is secret), the operator cannot choose it (the seed is fixed before any entry and the
/// block hash comes after the last). If the operator does not reveal within 256 blocks (or a
/// day), anyone may cancel the round and every player gets the entries back.
contract Game is Ownable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;
    using EnumerableSet for EnumerableSet.AddressSet;

    enum RoundState {
        NotStart,
        Joining,
        DrawingWinner,
        Drawn,
        Cancelled
    }

    struct Round {
        uint64 startTime;
        uint64 endTime;
        uint64 drawBlock;
        uint32 players;
        uint16 feeBps;
        bool drawn;
        bool cancelled;
        bytes32 commitment;
        address token;
        uint96 ticketPrice;
        uint128 jackpot;
        uint64 totalEntries;
        uint64 winningNumber;
        address winner;
        uint256 randomness;
        uint256 prize;
    }

    /// @dev Entries `[previous end, end)` of one join belong to `player`.
    struct EntryRange {
        address player;
        uint64 end;
    }

    /// @notice One round as the lottery page and its history show it.
    struct RoundInfo {
        uint256 id;
        RoundState state;
        address token;
        uint256 ticketPrice;
        uint256 startTime;
        uint256 endTime;
        uint256 jackpot;
        uint256 players;
        uint256 totalEntries;
        uint256 drawBlock;
        address winner;
        uint256 winningNumber;
        uint256 randomness;
        uint256 prize;
        uint256 feeBps;
        bytes32 commitment;
    }

    /// @notice A player's lottery profile.
    struct PlayerInfo {
        uint256 balance;
        bool autoJoin;
        uint256 autoJoinEntries;
        string nickname;
        uint256 entries;
        uint256 winChanceBps;
    }

    /// @notice Seconds after a round's end after which an undrawn round may be cancelled.
    uint256 public constant DRAW_TIMEOUT = 1 days;
    /// @notice Highest fee on a jackpot, in basis points.
    uint256 public constant MAX_FEE_BPS = 2_000;
    uint256 private constant BPS = 10_000;
    uint256 private constant MAX_NICKNAME_BYTES = 32;

    mapping(address token => bool) private _allowedTokens;
    mapping(address user => mapping(address token => uint256)) private _recharged;
    mapping(address account => bool) private _operators;

    mapping(address user => mapping(address token => uint256)) private _balances;
    mapping(address token => uint256) private _liabilities;
    address private _lotteryToken;
    uint16 private _feeBps;
    uint256 private _roundCount;
    mapping(uint256 round => Round) private _rounds;
    mapping(uint256 round => EntryRange[]) private _entries;
    mapping(uint256 round => address[]) private _players;
    mapping(uint256 round => mapping(address player => uint256)) private _entriesOf;
    mapping(uint256 round => mapping(address player => bool)) private _refunded;
    mapping(address player => uint256) private _autoJoinEntries;
    EnumerableSet.AddressSet private _autoJoiners;
    mapping(address player => string) private _nicknames;

    /// @notice Emitted when `user` moved `amount` of `token` into the game under reference `random`.
    event Recharged(address indexed user, address indexed token, uint256 indexed random, uint256 amount);
    /// @notice Emitted when the owner allows or disallows a token for recharge.
    event TokenAllowed(address indexed token, bool allowed);
    /// @notice Emitted when the owner moves collected tokens out (to the payout wallet).
    event Swept(address indexed token, address indexed to, uint256 amount);
    /// @notice Emitted when the owner made `account` an operator (or not).
    event OperatorSet(address indexed account, bool operator);
    /// @notice Emitted when the owner set the lottery token and the fee on jackpots.
    event LotteryTermsSet(address indexed token, uint256 feeBps);
    /// @notice Emitted when `user` added `amount` of `token` to its game balance.
    event Deposited(address indexed user, address indexed token, uint256 amount);
    /// @notice Emitted when `user` took `amount` of `token` out of its game balance.
    event Withdrawn(address indexed user, address indexed token, uint256 amount);
    /// @notice Emitted when round `round` was started.
    event RoundStarted(
        uint256 indexed round,
        address indexed token,
        bytes32 commitment,
        uint256 startTime,
        uint256 endTime,
        uint256 ticketPrice
    );
    /// @notice Emitted when `player` bought `entries` entries of round `round` for `cost`.
    event Joined(uint256 indexed round, address indexed player, uint256 entries, uint256 cost, bool auto_);
    /// @notice Emitted when `player` turned Auto Join on (with `entries` per round) or off.
    event AutoJoinSet(address indexed player, bool enabled, uint256 entries);
    /// @notice Emitted when `player` set its nickname.
    event NicknameSet(address indexed player, string nickname);
    /// @notice Emitted when round `round` fixed block `drawBlock` for its draw.
    event DrawRequested(uint256 indexed round, uint256 drawBlock);
    /// @notice Emitted when round `round` was drawn.
    event WinnerDrawn(
        uint256 indexed round,
        address indexed winner,
        uint256 winningNumber,
        uint256 randomness,
        uint256 prize,
        uint256 fee
    );
    /// @notice Emitted when round `round` was cancelled; players may `refund`.
    event RoundCancelled(uint256 indexed round);
    /// @notice Emitted when `player` got `amount` back from cancelled round `round`.
    event Refunded(uint256 indexed round, address indexed player, uint256 amount);

    error GameTokenNotAllowed(address token);
    error GameZeroAmount();
    error GameZeroAddress();
    error GameNotOperator(address caller);
    error GameInsufficientBalance(uint256 balance, uint256 needed);
    error GameSweepExceedsFree(uint256 amount, uint256 free);
    error GameNoLotteryToken();
    error GameInvalidRound();
    error GameRoundInProgress(uint256 round);
    error GameUnknownRound(uint256 round);
    error GameNotJoining(uint256 round, RoundState state);
    error GameRoundNotEnded(uint256 round, uint256 endTime);
    error GameNoEntries(uint256 round);
    error GameDrawAlreadyRequested(uint256 round);
    error GameDrawNotRequested(uint256 round);
    error GameDrawTooEarly(uint256 round, uint256 drawBlock);
    error GameDrawExpired(uint256 round);
    error GameBadReveal(uint256 round);
    error GameRoundClosed(uint256 round);
    error GameCannotCancel(uint256 round);
    error GameNotCancelled(uint256 round);
    error GameNothingToRefund(uint256 round, address player);
    error GameInvalidFee(uint256 feeBps);
    error GameNicknameTooLong();

    modifier onlyOperator() {
        if (!_operators[msg.sender] && msg.sender != owner()) revert GameNotOperator(msg.sender);
        _;
    }

    constructor(address initialOwner) Ownable(initialOwner) {}

    // ------------------------------------------------------------------ recharge (server-credited)

    /// @notice Moves `amount` of `tokenAddr` from the caller into the game (needs an approval first).
    /// @param tokenAddr an allowed ERC-20 token
    /// @param random the caller's reference (the app makes a 13-digit one), echoed in the event
    /// @param amount amount in the token's base units
    function recharge(address tokenAddr, uint256 random, uint256 amount) external nonReentrant {
        if (!_allowedTokens[tokenAddr]) revert GameTokenNotAllowed(tokenAddr);
        if (amount == 0) revert GameZeroAmount();
        _recharged[msg.sender][tokenAddr] += amount;
        emit Recharged(msg.sender, tokenAddr, random, amount);
        IERC20(tokenAddr).safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice Allows or disallows a token for `recharge` and `deposit`.
    function setAllowedToken(address token, bool allowed) external onlyOwner {
        if (token == address(0)) revert GameZeroAddress();
        _allowedTokens[token] = allowed;
        emit TokenAllowed(token, allowed);
    }

    /// @notice Moves collected tokens to `to`, for example the operator wallet that pays
    /// withdrawals; players' game balances and jackpots cannot be swept.
    function sweep(address token, address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert GameZeroAddress();
        if (amount == 0) revert GameZeroAmount();
        uint256 free = IERC20(token).balanceOf(address(this)) - _liabilities[token];
        if (amount > free) revert GameSweepExceedsFree(amount, free);
        emit Swept(token, to, amount);
        IERC20(token).safeTransfer(to, amount);
    }

    /// @notice Whether `token` may be recharged.
    function isAllowedToken(address token) external view returns (bool) {
        return _allowedTokens[token];
    }

    /// @notice Total `token` that `user` has recharged into the game.
    function rechargedOf(address user, address token) external view returns (uint256) {
        return _recharged[user][token];
    }

    // ------------------------------------------------------------------ game balance

    /// @notice Adds `amount` of an allowed `token` to the caller's game balance (approve first).
    function deposit(address token, uint256 amount) external nonReentrant {
        if (!_allowedTokens[token]) revert GameTokenNotAllowed(token);
        if (amount == 0) revert GameZeroAmount();
        _balances[msg.sender][token] += amount;
        _liabilities[token] += amount;
        emit Deposited(msg.sender, token, amount);
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice Takes `amount` of `token` out of the caller's game balance.
    function withdraw(address token, uint256 amount) external nonReentrant {
        if (amount == 0) revert GameZeroAmount();
        uint256 balance = _balances[msg.sender][token];
        if (balance < amount) revert GameInsufficientBalance(balance, amount);
        _balances[msg.sender][token] = balance - amount;
        _liabilities[token] -= amount;
        emit Withdrawn(msg.sender, token, amount);
        IERC20(token).safeTransfer(msg.sender, amount);
    }

    /// @notice `user`'s game balance in `token`.
    function balanceOf(address user, address token) external view returns (uint256) {
        return _balances[user][token];
    }

    // ------------------------------------------------------------------ lottery

    /// @notice Starts the next round; only for operators, once the previous one is drawn or
    /// cancelled.
    /// @param commitment keccak256 of the operator's secret 32-byte seed for this round
    /// @param startTime when joining opens
    /// @param endTime when joining closes (after `startTime` and after now)
    /// @param ticketPrice price of one entry in the lottery token's base units
    function startRound(bytes32 commitment, uint64 startTime, uint64 endTime, uint96 ticketPrice) external onlyOperator returns (uint256 id) {
        address token = _lotteryToken;
        if (token == address(0)) revert GameNoLotteryToken();
        if (endTime <= startTime || endTime <= block.timestamp || ticketPrice == 0 || commitment == bytes32(0)) {
            revert GameInvalidRound();
        }
        id = _roundCount;
        if (id > 0) {
            Round storage previous = _rounds[id];
            if (!previous.drawn && !previous.cancelled) revert GameRoundInProgress(id);
        }
        id += 1;
        _roundCount = id;
        Round storage r = _rounds[id];
        r.startTime = startTime;
        r.endTime = endTime;
        r.feeBps = _feeBps;
        r.commitment = commitment;
        r.token = token;
        r.ticketPrice = ticketPrice;
        emit RoundStarted(id, token, commitment, startTime, endTime, ticketPrice);
    }

    /// @notice Buys `entries` entries of the current round from the caller's game balance.
    function join(uint256 entries) external {
        uint256 id = _roundCount;
        RoundState state = roundState(id);
        if (state != RoundState.Joining) revert GameNotJoining(id, state);
        if (entries == 0) revert GameZeroAmount();
        _join(id, msg.sender, entries, false);
    }

    /// @notice Turns Auto Join on with `entries` entries per round, or off (`enabled` false).
    function setAutoJoin(bool enabled, uint256 entries) external {
        if (enabled) {
            if (entries == 0 || entries > type(uint32).max) revert GameZeroAmount();
            _autoJoinEntries[msg.sender] = entries;
            _autoJoiners.add(msg.sender);
        } else {
            entries = 0;
            delete _autoJoinEntries[msg.sender];
            _autoJoiners.remove(msg.sender);
        }
        emit AutoJoinSet(msg.sender, enabled, entries);
    }

    /// @notice Enters up to `count` Auto Join players, from index `from` of the Auto Join list,
    /// into the current round; players already in it or without enough balance are skipped.
    /// Anyone may call (a keeper does, once per round).
    function processAutoJoins(uint256 from, uint256 count) external returns (uint256 joined) {
        uint256 id = _roundCount;
        RoundState state = roundState(id);
        if (state != RoundState.Joining) revert GameNotJoining(id, state);
        Round storage r = _rounds[id];
        uint256 end = _autoJoiners.length();
        if (from + count < end) end = from + count;
        for (uint256 i = from; i < end; ++i) {
            address player = _autoJoiners.at(i);
            uint256 entries = _autoJoinEntries[player];
            if (_entriesOf[id][player] > 0) continue;
            if (_balances[player][r.token] < entries * r.ticketPrice) continue;
            _join(id, player, entries, true);
            ++joined;
        }
    }

    /// @notice Sets the caller's lottery nickname (at most 32 bytes).
    function setNickname(string calldata nickname) external {
        if (bytes(nickname).length > MAX_NICKNAME_BYTES) revert GameNicknameTooLong();
        _nicknames[msg.sender] = nickname;
        emit NicknameSet(msg.sender, nickname);
    }

    /// @notice Fixes the next block as round `id`'s draw block; anyone may call after the end.
    function requestDraw(uint256 id) external {
        Round storage r = _existingRound(id);
        if (r.drawn || r.cancelled) revert GameRoundClosed(id);
        if (block.timestamp < r.endTime) revert GameRoundNotEnded(id, r.endTime);
        if (r.totalEntries == 0) revert GameNoEntries(id);
        if (r.drawBlock != 0) revert GameDrawAlreadyRequested(id);
        r.drawBlock = uint64(block.number + 1);
        emit DrawRequested(id, block.number + 1);
    }

    /// @notice Reveals round `id`'s seed and credits the jackpot (less the fee) to the winner's
    /// game balance; only for operators, after the draw block.
    /// @param seed the secret whose keccak256 is the round's commitment
    function drawWinner(uint256 id, bytes32 seed) external onlyOperator {
        Round storage r = _existingRound(id);
        if (r.drawn || r.cancelled) revert GameRoundClosed(id);
        uint256 drawBlock = r.drawBlock;
        if (drawBlock == 0) revert GameDrawNotRequested(id);
        if (block.number <= drawBlock) revert GameDrawTooEarly(id, drawBlock);
        bytes32 hash = blockhash(drawBlock);
        if (hash == bytes32(0)) revert GameDrawExpired(id);
        if (keccak256(abi.encodePacked(seed)) != r.commitment) revert GameBadReveal(id);

        uint256 randomness = uint256(keccak256(abi.encode(seed, hash, id)));
        uint256 number = randomness % r.totalEntries;
        address winner = _findWinner(id, number);
        uint256 jackpot = r.jackpot;
        uint256 fee = (jackpot * r.feeBps) / BPS;
        uint256 prize = jackpot - fee;
        r.drawn = true;
        r.winner = winner;
        r.winningNumber = uint64(number);
        r.randomness = randomness;
        r.prize = prize;
        address token = r.token;
        _balances[winner][token] += prize;
        _liabilities[token] -= fee;
        emit WinnerDrawn(id, winner, number, randomness, prize, fee);
    }

    /// @notice Cancels round `id` when it cannot be drawn: it ended without entries, its draw
    /// block hash is no longer available, or it is `DRAW_TIMEOUT` past its end undrawn.
    function cancelRound(uint256 id) external {
        Round storage r = _existingRound(id);
        if (r.drawn || r.cancelled) revert GameRoundClosed(id);
        bool ended = block.timestamp >= r.endTime;
        bool empty = ended && r.totalEntries == 0;
        bool hashLost = r.drawBlock != 0 && block.number > uint256(r.drawBlock) + 256;
        bool timedOut = block.timestamp > uint256(r.endTime) + DRAW_TIMEOUT;
        if (!empty && !hashLost && !timedOut) revert GameCannotCancel(id);
        r.cancelled = true;
        emit RoundCancelled(id);
    }

    /// @notice Returns the caller's entries of cancelled round `id` to its game balance.
    function refund(uint256 id) external {
        Round storage r = _existingRound(id);
        if (!r.cancelled) revert GameNotCancelled(id);
        uint256 entries = _entriesOf[id][msg.sender];
        if (entries == 0 || _refunded[id][msg.sender]) revert GameNothingToRefund(id, msg.sender);
        _refunded[id][msg.sender] = true;
        uint256 amount = entries * r.ticketPrice;
        r.jackpot -= uint128(amount);
        _balances[msg.sender][r.token] += amount;
        emit Refunded(id, msg.sender, amount);
    }

    /// @notice Makes `account` an operator (starts and draws rounds) or not.
    function setOperator(address account, bool operator) external onlyOwner {
        if (account == address(0)) revert GameZeroAddress();
        _operators[account] = operator;
        emit OperatorSet(account, operator);
    }

    /// @notice Sets the lottery token (must be allowed) and the fee on jackpots for new rounds.
    function setLotteryTerms(address token, uint256 feeBps) external onlyOwner {
        if (!_allowedTokens[token]) revert GameTokenNotAllowed(token);
        if (feeBps > MAX_FEE_BPS) revert GameInvalidFee(feeBps);
        _lotteryToken = token;
        _feeBps = uint16(feeBps);
        emit LotteryTermsSet(token, feeBps);
    }

    // ------------------------------------------------------------------ lottery views

    /// @notice State of round `id` (Not Start, Joining, Drawing Winner, Drawn, Cancelled).
    function roundState(uint256 id) public view returns (RoundState) {
        Round storage r = _existingRound(id);
        if (r.cancelled) return RoundState.Cancelled;
        if (r.drawn) return RoundState.Drawn;
        if (block.timestamp < r.startTime) return RoundState.NotStart;
        if (block.timestamp < r.endTime) return RoundState.Joining;
        return RoundState.DrawingWinner;
    }

    /// @notice Id of the latest round (0 before the first).
    function currentRoundId() external view returns (uint256) {
        return _roundCount;
    }

    /// @notice Round `id` with its state and, once drawn, its result.
    function getRound(uint256 id) public view returns (RoundInfo memory info) {
        Round storage r = _existingRound(id);
        info.id = id;
        info.state = roundState(id);
        info.token = r.token;
        info.ticketPrice = r.ticketPrice;
        info.startTime = r.startTime;
        info.endTime = r.endTime;
        info.jackpot = r.jackpot;
        info.players = r.players;
        info.totalEntries = r.totalEntries;
        info.drawBlock = r.drawBlock;
        info.winner = r.winner;
        info.winningNumber = r.winningNumber;
        info.randomness = r.randomness;
        info.prize = r.prize;
        info.feeBps = r.feeBps;
        info.commitment = r.commitment;
    }

    /// @notice Up to `limit` rounds, newest first, skipping the `offset` newest (the history).
    function getRounds(uint256 offset, uint256 limit) external view returns (RoundInfo[] memory list) {
        uint256 total = _roundCount;
        uint256 n = offset >= total ? 0 : total - offset;
        if (n > limit) n = limit;
        list = new RoundInfo[](n);
        for (uint256 i = 0; i < n; ++i) list[i] = getRound(total - offset - i);
    }

    /// @notice Players of round `id` and their entries.
    function getPlayers(uint256 id) external view returns (address[] memory players, uint256[] memory entries) {
        _existingRound(id);
        players = _players[id];
        entries = new uint256[](players.length);
        for (uint256 i = 0; i < players.length; ++i) entries[i] = _entriesOf[id][players[i]];
    }

    /// @notice Entries `player` holds in round `id`.
    function entriesOf(uint256 id, address player) external view returns (uint256) {
        return _entriesOf[id][player];
    }

    /// @notice `player`'s chance to win round `id`, in basis points.
    function winChanceBps(uint256 id, address player) public view returns (uint256) {
        uint256 total = _existingRound(id).totalEntries;
        return total == 0 ? 0 : (_entriesOf[id][player] * BPS) / total;
    }

    /// @notice `player`'s lottery profile in the current round.
    function getPlayerInfo(address player) external view returns (PlayerInfo memory info) {
        uint256 id = _roundCount;
        info.balance = _balances[player][_lotteryToken];
        info.autoJoin = _autoJoiners.contains(player);
        info.autoJoinEntries = _autoJoinEntries[player];
        info.nickname = _nicknames[player];
        if (id > 0) {
            info.entries = _entriesOf[id][player];
            info.winChanceBps = winChanceBps(id, player);
        }
    }

    /// @notice Players with Auto Join on.
    function autoJoiners() external view returns (address[] memory) {
        return _autoJoiners.values();
    }

    /// @notice The lottery token and the fee on jackpots (basis points) for new rounds.
    function lotteryTerms() external view returns (address token, uint256 feeBps) {
        return (_lotteryToken, _feeBps);
    }

    /// @notice Game balances plus jackpots owed in `token` (what `sweep` cannot touch).
    function liabilitiesOf(address token) external view returns (uint256) {
        return _liabilities[token];
    }

    /// @notice Whether `account` is an operator.
    function isOperator(address account) external view returns (bool) {
        return _operators[account];
    }

    // ------------------------------------------------------------------ internals

    function _join(uint256 id, address player, uint256 entries, bool auto_) private {
        Round storage r = _rounds[id];
        address token = r.token;
        uint256 cost = entries * r.ticketPrice;
        uint256 balance = _balances[player][token];
        if (balance < cost) revert GameInsufficientBalance(balance, cost);
        _balances[player][token] = balance - cost;
        if (_entriesOf[id][player] == 0) {
            _players[id].push(player);
            r.players += 1;
        }
        _entriesOf[id][player] += entries;
        uint256 end = uint256(r.totalEntries) + entries;
        r.totalEntries = SafeCast.toUint64(end);
        r.jackpot += SafeCast.toUint128(cost);
        _entries[id].push(EntryRange({player: player, end: uint64(end)}));
        emit Joined(id, player, entries, cost, auto_);
    }

    /// @dev The join whose range holds entry `number`: the first with `end > number`.
    function _findWinner(uint256 id, uint256 number) private view returns (address) {
        EntryRange[] storage ranges = _entries[id];
        uint256 low = 0;
        uint256 high = ranges.length - 1;
        while (low < high) {
            uint256 mid = (low + high) / 2;
            if (ranges[mid].end > number) high = mid;
            else low = mid + 1;
        }
        return ranges[low].player;
    }

    function _existingRound(uint256 id) private view returns (Round storage r) {
        if (id == 0 || id > _roundCount) revert GameUnknownRound(id);
        r = _rounds[id];
    }
}
