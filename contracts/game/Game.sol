// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ProtocolRoles} from "../access/ProtocolRoles.sol";
import {GameRecharge} from "./GameRecharge.sol";
import {GameRounds} from "./GameRounds.sol";
import {GamePlayers} from "./GamePlayers.sol";
import {GameDraw} from "./GameDraw.sol";

/// @title Game
/// @notice Entry point of the game economy, and the lottery, composed from their modules:
/// `GameBalances` (allowed tokens, players' game balances), `GameRecharge` (server-credited
/// recharges, sweeping them out), `GameRounds` (rounds and entries), `GamePlayers` (Auto Join,
/// nicknames) and `GameDraw` (the VRF draw, cancelling and refunds).
///
/// Roles: `DEFAULT_ADMIN_ROLE` grants roles; `TERMS_ROLE` allows tokens and sets the lottery
/// terms and the randomness source (only between rounds); `OPERATOR_ROLE` starts rounds (the
/// lottery keeper); `MANAGER_ROLE` sweeps recharged tokens. No role can choose, predict or veto a
/// draw, or touch players' balances and jackpots.
contract Game is GameRecharge, GamePlayers, GameDraw {
    /// @param initialOwner holds every role at first
    constructor(address initialOwner) ProtocolRoles(initialOwner) GameRecharge(initialOwner) GameRounds(initialOwner) {}
}
