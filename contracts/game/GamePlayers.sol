// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {EnumerableSet} from "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";
import {RoundState} from "./GameTypes.sol";
import {GameRounds} from "./GameRounds.sol";

/// @title GamePlayers
/// @notice What a player keeps across rounds: Auto Join (the same number of entries in every
/// round, entered by anyone's `processAutoJoins`, the keeper's once per round) and a nickname.
abstract contract GamePlayers is GameRounds {
    using EnumerableSet for EnumerableSet.AddressSet;

    /// @notice A player's lottery profile.
    struct PlayerInfo {
        uint256 balance;
        bool autoJoin;
        uint256 autoJoinEntries;
        string nickname;
        uint256 entries;
        uint256 winChanceBps;
    }

    uint256 private constant MAX_NICKNAME_BYTES = 32;

    mapping(address player => uint256) private _autoJoinEntries;
    EnumerableSet.AddressSet private _autoJoiners;
    mapping(address player => string) private _nicknames;

    /// @notice Emitted when `player` turned Auto Join on (with `entries` per round) or off.
    /// @param player the player
    /// @param enabled on or off
    /// @param entries entries per round (0 when off)
    event AutoJoinSet(address indexed player, bool enabled, uint256 entries);
    /// @notice Emitted when `player` set its nickname.
    /// @param player the player
    /// @param nickname at most 32 bytes
    event NicknameSet(address indexed player, string nickname);

    /// @notice Turns Auto Join on with `entries` entries per round, or off (`enabled` false).
    /// @param enabled on or off
    /// @param entries entries per round (0 when off)
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
    /// @param from index of the first Auto Join player to process
    /// @param count how many Auto Join players to process at most
    /// @return joined players entered by this call
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
    /// @param nickname at most 32 bytes
    function setNickname(string calldata nickname) external {
        if (bytes(nickname).length > MAX_NICKNAME_BYTES) revert GameNicknameTooLong();
        _nicknames[msg.sender] = nickname;
        emit NicknameSet(msg.sender, nickname);
    }

    /// @notice `player`'s lottery profile in the current round.
    /// @param player the player
    /// @return info balance, Auto Join, nickname, entries and chance in the current round
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
}
