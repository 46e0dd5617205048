// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {EnumerableSet} from "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IRandomnessReceiver} from "../interfaces/IRandomnessReceiver.sol";
import {IRandomnessSource} from "../interfaces/IRandomnessSource.sol";

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
/// start and end time) → Drawing Winner (after its end) → drawn (or cancelled). The draw uses
/// Chainlink VRF v2.5 through the owner-set randomness source (`LotteryRandomness`): after the end
/// anyone calls `requestDraw`, which asks the source for a random word; the source calls
/// `fulfillRandomness` with it, and the winning entry is `word mod entries`. No one holds a secret
/// that tells the winner in advance, and once the word is requested no one can cancel the round
/// until `DRAW_TIMEOUT` has passed without it; then the round may be cancelled and every entry is
/// refunded. The source cannot change while a round is open, so every round is drawn by the
/// source it started with.
contract Game is Ownable, ReentrancyGuardTransient, IRandomnessReceiver {
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
        uint64 requestedAt;
        uint32 players;
        uint16 feeBps;
        bool drawn;
        bool cancelled;
        address token;
        uint96 ticketPrice;
        uint128 jackpot;
        uint64 totalEntries;
        uint64 winningNumber;
        address winner;
        uint256 requestId;
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
        uint256 requestId;
        uint256 requestedAt;
        address winner;
        uint256 winningNumber;
        uint256 randomness;
        uint256 prize;
        uint256 feeBps;
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

    /// @notice Seconds after a draw request (or, without one, after the round's end) after which an
    /// undrawn round may be cancelled.
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
    IRandomnessSource private _randomnessSource;
    mapping(uint256 requestId => uint256 round) private _requestRounds;

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
    event RoundStarted(uint256 indexed round, address indexed token, uint256 startTime, uint256 endTime, uint256 ticketPrice);
    /// @notice Emitted when `player` bought `entries` entries of round `round` for `cost`.
    event Joined(uint256 indexed round, address indexed player, uint256 entries, uint256 cost, bool auto_);
    /// @notice Emitted when `player` turned Auto Join on (with `entries` per round) or off.
    event AutoJoinSet(address indexed player, bool enabled, uint256 entries);
    /// @notice Emitted when `player` set its nickname.
    event NicknameSet(address indexed player, string nickname);
    /// @notice Emitted when round `round` asked the randomness source for its word (request `requestId`).
    event DrawRequested(uint256 indexed round, uint256 indexed requestId);
    /// @notice Emitted when round `round` was drawn with `randomness`, the word of request
    /// `requestId`; its transaction is the VRF fulfilment.
    event WinnerDrawn(
        uint256 indexed round,
        address indexed winner,
        uint256 indexed requestId,
        uint256 winningNumber,
        uint256 randomness,
        uint256 prize,
        uint256 fee
    );
    /// @notice Emitted when the owner set the randomness source that draws the next rounds.
    event RandomnessSourceSet(address indexed source);
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
    error GameNoRandomnessSource();
    error GameNotRandomnessSource(address caller);
    error GameInvalidRequestId(uint256 requestId);
    error GameUnknownRequest(uint256 requestId);
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
    /// cancelled, and only with a randomness source set (it draws the round).
    /// @param startTime when joining opens
    /// @param endTime when joining closes (after `startTime` and after now)
    /// @param ticketPrice price of one entry in the lottery token's base units
    function startRound(uint64 startTime, uint64 endTime, uint96 ticketPrice) external onlyOperator returns (uint256 id) {
        address token = _lotteryToken;
        if (token == address(0)) revert GameNoLotteryToken();
        if (address(_randomnessSource) == address(0)) revert GameNoRandomnessSource();
        if (endTime <= startTime || endTime <= block.timestamp || ticketPrice == 0) revert GameInvalidRound();
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
        r.token = token;
        r.ticketPrice = ticketPrice;
        emit RoundStarted(id, token, startTime, endTime, ticketPrice);
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

    /// @notice Asks the randomness source for round `id`'s random word; anyone may call once the
    /// round has ended with entries. From then on the round cannot be cancelled until
    /// `DRAW_TIMEOUT` has passed without the word.
    function requestDraw(uint256 id) external nonReentrant {
        Round storage r = _existingRound(id);
        if (r.drawn || r.cancelled) revert GameRoundClosed(id);
        if (block.timestamp < r.endTime) revert GameRoundNotEnded(id, r.endTime);
        if (r.totalEntries == 0) revert GameNoEntries(id);
        if (r.requestId != 0) revert GameDrawAlreadyRequested(id);
        r.requestedAt = uint64(block.timestamp);
        // The request id is the source's answer, so it is stored after the call; the source is the
        // owner-set one the round started with, and the guard keeps this from running twice.
        uint256 requestId = _randomnessSource.requestRandomness();
        if (requestId == 0 || _requestRounds[requestId] != 0) revert GameInvalidRequestId(requestId);
        r.requestId = requestId;
        _requestRounds[requestId] = id;
        emit DrawRequested(id, requestId);
    }

    /// @notice Draws the round that asked for `requestId` with the random `word`: the winning entry
    /// is `word mod entries`, and the jackpot less the fee is credited to the winner's game
    /// balance. Only the randomness source calls it, once per request; a request of a round that
    /// was cancelled meanwhile (after the timeout) is refused.
    function fulfillRandomness(uint256 requestId, uint256 word) external {
        if (msg.sender != address(_randomnessSource)) revert GameNotRandomnessSource(msg.sender);
        uint256 id = _requestRounds[requestId];
        if (id == 0) revert GameUnknownRequest(requestId);
        Round storage r = _rounds[id];
        if (r.drawn || r.cancelled) revert GameRoundClosed(id);

        uint256 number = word % r.totalEntries;
        address winner = _findWinner(id, number);
        uint256 jackpot = r.jackpot;
        uint256 fee = (jackpot * r.feeBps) / BPS;
        uint256 prize = jackpot - fee;
        r.drawn = true;
        r.winner = winner;
        r.winningNumber = uint64(number);
        r.randomness = word;
        r.prize = prize;
        address token = r.token;
        _balances[winner][token] += prize;
        _liabilities[token] -= fee;
        emit WinnerDrawn(id, winner, requestId, number, word, prize, fee);
    }

    /// @notice Cancels round `id` when it cannot be drawn: it ended without entries, or
    /// `DRAW_TIMEOUT` has passed since its draw request without the word (since its end when no
    /// draw was requested). Anyone may call; every entry can then be refunded.
    function cancelRound(uint256 id) external {
        Round storage r = _existingRound(id);
        if (r.drawn || r.cancelled) revert GameRoundClosed(id);
        if (block.timestamp < r.endTime) revert GameCannotCancel(id);
        uint256 waitingSince = r.requestId == 0 ? r.endTime : r.requestedAt;
        if (r.totalEntries != 0 && block.timestamp <= waitingSince + DRAW_TIMEOUT) revert GameCannotCancel(id);
        r.cancelled = true;
        emit RoundCancelled(id);
    }

    /// @notice Returns the caller's entries of cancelled round `id` to its game balance.
    function refund(uint256 id) external {
        Round storage r = _existingRound(id);
        if (!r.cancelled) revert GameNotCancelled(id);
        if (_refund(id, r, msg.sender) == 0) revert GameNothingToRefund(id, msg.sender);
    }

    /// @notice Returns the entries of up to `count` players of cancelled round `id`, from index
    /// `from` of its players, to their game balances; players already refunded are skipped.
    /// Anyone may call (the keeper does after a cancel), so every entry comes back.
    function refundPlayers(uint256 id, uint256 from, uint256 count) external returns (uint256 refunded) {
        Round storage r = _existingRound(id);
        if (!r.cancelled) revert GameNotCancelled(id);
        address[] storage players = _players[id];
        uint256 end = players.length;
        if (from + count < end) end = from + count;
        for (uint256 i = from; i < end; ++i) {
            if (_refund(id, r, players[i]) != 0) ++refunded;
        }
    }

    /// @notice Sets the randomness source that draws rounds (the VRF consumer); only between
    /// rounds, so a round is always drawn by the source it started with.
    function setRandomnessSource(address source) external onlyOwner {
        if (source == address(0)) revert GameZeroAddress();
        uint256 id = _roundCount;
        if (id > 0 && !_rounds[id].drawn && !_rounds[id].cancelled) revert GameRoundInProgress(id);
        _randomnessSource = IRandomnessSource(source);
        emit RandomnessSourceSet(source);
    }

    /// @notice Makes `account` an operator (starts rounds) or not.
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
        info.requestId = r.requestId;
        info.requestedAt = r.requestedAt;
        info.winner = r.winner;
        info.winningNumber = r.winningNumber;
        info.randomness = r.randomness;
        info.prize = r.prize;
        info.feeBps = r.feeBps;
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

    /// @notice The randomness source that draws rounds.
    function randomnessSource() external view returns (address) {
        return address(_randomnessSource);
    }

    /// @notice The round that made draw request `requestId` (0 when none did).
    function roundOfRequest(uint256 requestId) external view returns (uint256) {
        return _requestRounds[requestId];
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

    /// @dev Credits `player`'s entries of cancelled round `id` back once; answers the amount (0 when
    /// there is nothing, or nothing left, to refund).
    function _refund(uint256 id, Round storage r, address player) private returns (uint256 amount) {
        uint256 entries = _entriesOf[id][player];
        if (entries == 0 || _refunded[id][player]) return 0;
        _refunded[id][player] = true;
        amount = entries * r.ticketPrice;
        r.jackpot -= uint128(amount);
        _balances[player][r.token] += amount;
        emit Refunded(id, player, amount);
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
