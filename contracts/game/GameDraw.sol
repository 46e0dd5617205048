// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRandomnessReceiver} from "../interfaces/IRandomnessReceiver.sol";
import {GameRounds} from "./GameRounds.sol";

/// @title GameDraw
/// @notice Drawing a round with Chainlink VRF v2.5 through the randomness source
/// (`LotteryRandomness`): after the end anyone calls `requestDraw`, which asks the source for a
/// random word; the source calls `fulfillRandomness` with it, and the winning entry is
/// `word mod entries`. No one holds a secret that tells the winner in advance, and once the word
/// is requested no one can cancel the round until `DRAW_TIMEOUT` has passed without it; then the
/// round may be cancelled and every entry is refunded.
abstract contract GameDraw is GameRounds, IRandomnessReceiver {
    /// @notice Seconds after a draw request (or, without one, after the round's end) after which an
    /// undrawn round may be cancelled.
    uint256 public constant DRAW_TIMEOUT = 1 days;

    mapping(uint256 round => mapping(address player => bool)) private _refunded;
    mapping(uint256 requestId => uint256 round) private _requestRounds;

    /// @notice Emitted when round `round` asked the randomness source for its word (request `requestId`).
    /// @param round the round
    /// @param requestId the request the randomness source answered
    event DrawRequested(uint256 indexed round, uint256 indexed requestId);
    /// @notice Emitted when round `round` was drawn with `randomness`, the word of request
    /// `requestId`; its transaction is the VRF fulfilment.
    /// @param round the round
    /// @param winner the player holding the winning entry
    /// @param requestId the request the randomness source answered
    /// @param winningNumber the winning entry, `randomness mod entries`
    /// @param randomness the VRF word
    /// @param prize credited to the winner's game balance
    /// @param fee kept by the game
    event WinnerDrawn(
        uint256 indexed round,
        address indexed winner,
        uint256 indexed requestId,
        uint256 winningNumber,
        uint256 randomness,
        uint256 prize,
        uint256 fee
    );
    /// @notice Emitted when round `round` was cancelled; players may `refund`.
    /// @param round the round
    event RoundCancelled(uint256 indexed round);
    /// @notice Emitted when `player` got `amount` back from cancelled round `round`.
    /// @param round the round
    /// @param player the player
    /// @param amount credited back to the game balance
    event Refunded(uint256 indexed round, address indexed player, uint256 amount);

    /// @notice Asks the randomness source for round `id`'s random word; anyone may call once the
    /// round has ended with entries. From then on the round cannot be cancelled until
    /// `DRAW_TIMEOUT` has passed without the word.
    /// @param id the round
    function requestDraw(uint256 id) external nonReentrant {
        Round storage r = _existingRound(id);
        if (r.drawn || r.cancelled) revert GameRoundClosed(id);
        if (block.timestamp < r.endTime) revert GameRoundNotEnded(id, r.endTime);
        if (r.totalEntries == 0) revert GameNoEntries(id);
        if (r.requestId != 0) revert GameDrawAlreadyRequested(id);
        r.requestedAt = uint64(block.timestamp);
        // The request id is the source's answer, so it is stored after the call; the source is the
        // one the round started with, and the guard keeps this from running twice.
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
    /// @param requestId the request the randomness source answered
    /// @param word the random word
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
    /// @param id the round
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
    /// @param id the round
    function refund(uint256 id) external {
        Round storage r = _existingRound(id);
        if (!r.cancelled) revert GameNotCancelled(id);
        if (_refund(id, r, msg.sender) == 0) revert GameNothingToRefund(id, msg.sender);
    }

    /// @notice Returns the entries of up to `count` players of cancelled round `id`, from index
    /// `from` of its players, to their game balances; players already refunded are skipped.
    /// Anyone may call (the keeper does after a cancel), so every entry comes back.
    /// @param id the round
    /// @param from index of the first player of the round's list
    /// @param count how many players to refund at most
    /// @return refunded players refunded by this call
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

    /// @notice The round that made draw request `requestId` (0 when none did).
    /// @param requestId the request the randomness source answered
    function roundOfRequest(uint256 requestId) external view returns (uint256) {
        return _requestRounds[requestId];
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
}
