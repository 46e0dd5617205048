// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IRandomnessSource} from "../interfaces/IRandomnessSource.sol";
import {RoundState} from "./GameTypes.sol";
import {GameBalances} from "./GameBalances.sol";

/// @title GameRounds
/// @notice Lottery rounds and their entries. An operator starts a round (times and ticket price,
/// in the lottery token); between its start and end players buy entries from their game balance.
/// Each join is one range of entry numbers, so the draw finds the winning entry's player by
/// binary search (`GameDraw`). A round starts only with a randomness source set, and the source
/// changes only between rounds, so every round is drawn by the source it started with.
abstract contract GameRounds is GameBalances {
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

    /// @notice Role that starts lottery rounds (the lottery keeper).
    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");
    /// @notice Highest fee on a jackpot, in basis points.
    uint256 public constant MAX_FEE_BPS = 2_000;
    uint256 internal constant BPS = 10_000;

    address internal _lotteryToken;
    uint16 private _feeBps;
    uint256 internal _roundCount;
    mapping(uint256 round => Round) internal _rounds;
    mapping(uint256 round => EntryRange[]) internal _entries;
    mapping(uint256 round => address[]) internal _players;
    mapping(uint256 round => mapping(address player => uint256)) internal _entriesOf;
    IRandomnessSource internal _randomnessSource;

    /// @notice Emitted when the lottery token and the fee on jackpots were set.
    /// @param token the lottery token
    /// @param feeBps fee on jackpots, basis points
    event LotteryTermsSet(address indexed token, uint256 feeBps);
    /// @notice Emitted when round `round` was started.
    /// @param round the round
    /// @param token the lottery token
    /// @param startTime when joining opens
    /// @param endTime when joining closes
    /// @param ticketPrice price of one entry in the token's base units
    event RoundStarted(uint256 indexed round, address indexed token, uint256 startTime, uint256 endTime, uint256 ticketPrice);
    /// @notice Emitted when `player` bought `entries` entries of round `round` for `cost`.
    /// @param round the round
    /// @param player the player
    /// @param entries entries bought
    /// @param cost taken from the game balance
    /// @param auto_ whether Auto Join entered it
    event Joined(uint256 indexed round, address indexed player, uint256 entries, uint256 cost, bool auto_);
    /// @notice Emitted when the randomness source that draws the next rounds was set.
    /// @param source the randomness source (the VRF consumer)
    event RandomnessSourceSet(address indexed source);

    /// @param operator receives `OPERATOR_ROLE` (the deployer; the deploy adds the lottery keeper)
    constructor(address operator) {
        _grantRole(OPERATOR_ROLE, operator);
    }

    /// @notice Starts the next round; only for `OPERATOR_ROLE`, once the previous one is drawn or
    /// cancelled, and only with a randomness source set (it draws the round).
    /// @param startTime when joining opens
    /// @param endTime when joining closes (after `startTime` and after now)
    /// @param ticketPrice price of one entry in the lottery token's base units
    /// @return id the new round
    function startRound(uint64 startTime, uint64 endTime, uint96 ticketPrice) external onlyRole(OPERATOR_ROLE) returns (uint256 id) {
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
    /// @param entries entries to buy
    function join(uint256 entries) external {
        uint256 id = _roundCount;
        RoundState state = roundState(id);
        if (state != RoundState.Joining) revert GameNotJoining(id, state);
        if (entries == 0) revert GameZeroAmount();
        _join(id, msg.sender, entries, false);
    }

    /// @notice Sets the lottery token (must be allowed) and the fee on jackpots for new rounds;
    /// only for `TERMS_ROLE`.
    /// @param token the lottery token
    /// @param feeBps fee on jackpots, basis points
    function setLotteryTerms(address token, uint256 feeBps) external onlyRole(TERMS_ROLE) {
        _requireAllowed(token);
        if (feeBps > MAX_FEE_BPS) revert GameInvalidFee(feeBps);
        _lotteryToken = token;
        _feeBps = uint16(feeBps);
        emit LotteryTermsSet(token, feeBps);
    }

    /// @notice Sets the randomness source that draws rounds (the VRF consumer); only for
    /// `TERMS_ROLE` and only between rounds, so a round is always drawn by the source it started with.
    /// @param source the randomness source (the VRF consumer)
    function setRandomnessSource(address source) external onlyRole(TERMS_ROLE) {
        if (source == address(0)) revert GameZeroAddress();
        uint256 id = _roundCount;
        if (id > 0 && !_rounds[id].drawn && !_rounds[id].cancelled) revert GameRoundInProgress(id);
        _randomnessSource = IRandomnessSource(source);
        emit RandomnessSourceSet(source);
    }

    // ------------------------------------------------------------------ views

    /// @notice State of round `id` (Not Start, Joining, Drawing Winner, Drawn, Cancelled).
    /// @param id the round
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
    /// @param id the round
    /// @return info state, token, price, times, jackpot, players, entries and the draw
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
    /// @param offset how many of the newest to skip
    /// @param limit how many to answer at most
    /// @return list the rounds, newest first
    function getRounds(uint256 offset, uint256 limit) external view returns (RoundInfo[] memory list) {
        uint256 total = _roundCount;
        uint256 n = offset >= total ? 0 : total - offset;
        if (n > limit) n = limit;
        list = new RoundInfo[](n);
        for (uint256 i = 0; i < n; ++i) list[i] = getRound(total - offset - i);
    }

    /// @notice Players of round `id` and their entries.
    /// @param id the round
    /// @return players its players, in order of first join
    /// @return entries each player's entries
    function getPlayers(uint256 id) external view returns (address[] memory players, uint256[] memory entries) {
        _existingRound(id);
        players = _players[id];
        entries = new uint256[](players.length);
        for (uint256 i = 0; i < players.length; ++i) entries[i] = _entriesOf[id][players[i]];
    }

    /// @notice Entries `player` holds in round `id`.
    /// @param id the round
    /// @param player the player
    function entriesOf(uint256 id, address player) external view returns (uint256) {
        return _entriesOf[id][player];
    }

    /// @notice `player`'s chance to win round `id`, in basis points.
    /// @param id the round
    /// @param player the player
    function winChanceBps(uint256 id, address player) public view returns (uint256) {
        uint256 total = _existingRound(id).totalEntries;
        return total == 0 ? 0 : (_entriesOf[id][player] * BPS) / total;
    }

    /// @notice The lottery token and the fee on jackpots (basis points) for new rounds.
    /// @return token the lottery token
    /// @return feeBps fee on jackpots, basis points
    function lotteryTerms() external view returns (address token, uint256 feeBps) {
        return (_lotteryToken, _feeBps);
    }

    /// @notice The randomness source that draws rounds.
    function randomnessSource() external view returns (address) {
        return address(_randomnessSource);
    }

    // ------------------------------------------------------------------ internals

    /// @dev Buys `entries` entries of round `id` for `player` from its game balance.
    function _join(uint256 id, address player, uint256 entries, bool auto_) internal {
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

    /// @dev Round `id`, which must exist.
    function _existingRound(uint256 id) internal view returns (Round storage r) {
        if (id == 0 || id > _roundCount) revert GameUnknownRound(id);
        r = _rounds[id];
    }
}
