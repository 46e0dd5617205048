// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {GameBalances} from "./GameBalances.sol";

/// @title GameRecharge
/// @notice Recharge, the entry point of the game economy: `recharge` moves an allowed token from
/// the caller into the game; the server's chain watcher reads `Recharged` and credits the
/// caller's (off-chain) account once, keyed by transaction hash and log index. The caller's
/// `random` reference lets the server match the event to the recharge intent the app registered
/// first. Recharged tokens are `MANAGER_ROLE`'s to `sweep` (to the wallet that pays
/// withdrawals); they never become an on-chain game balance.
abstract contract GameRecharge is GameBalances {
    using SafeERC20 for IERC20;

    /// @notice Role that moves recharged tokens out (`sweep`), never players' balances or jackpots.
    bytes32 public constant MANAGER_ROLE = keccak256("MANAGER_ROLE");

    mapping(address user => mapping(address token => uint256)) private _recharged;

    /// @notice Emitted when `user` moved `amount` of `token` into the game under reference `random`.
    /// @param user the payer
    /// @param token the token
    /// @param random the payer's reference, echoed from `recharge`
    /// @param amount amount in the token's base units
    event Recharged(address indexed user, address indexed token, uint256 indexed random, uint256 amount);
    /// @notice Emitted when collected tokens were moved out (to the payout wallet).
    /// @param token the token
    /// @param to the receiver (the wallet that pays withdrawals)
    /// @param amount amount in the token's base units
    event Swept(address indexed token, address indexed to, uint256 amount);

    /// @param manager receives `MANAGER_ROLE` (the deployer)
    constructor(address manager) {
        _grantRole(MANAGER_ROLE, manager);
    }

    /// @notice Moves `amount` of `tokenAddr` from the caller into the game (needs an approval first).
    /// @param tokenAddr an allowed ERC-20 token
    /// @param random the caller's reference (the app makes a 13-digit one), echoed in the event
    /// @param amount amount in the token's base units
    function recharge(address tokenAddr, uint256 random, uint256 amount) external nonReentrant {
        _requireAllowed(tokenAddr);
        if (amount == 0) revert GameZeroAmount();
        _recharged[msg.sender][tokenAddr] += amount;
        emit Recharged(msg.sender, tokenAddr, random, amount);
        IERC20(tokenAddr).safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice Moves collected tokens to `to`, for example the operator wallet that pays
    /// withdrawals; players' game balances and jackpots cannot be swept. Only for `MANAGER_ROLE`.
    /// @param token the token
    /// @param to the receiver (the wallet that pays withdrawals)
    /// @param amount amount in the token's base units
    function sweep(address token, address to, uint256 amount) external onlyRole(MANAGER_ROLE) nonReentrant {
        if (to == address(0)) revert GameZeroAddress();
        if (amount == 0) revert GameZeroAmount();
        uint256 free = IERC20(token).balanceOf(address(this)) - _liabilities[token];
        if (amount > free) revert GameSweepExceedsFree(amount, free);
        emit Swept(token, to, amount);
        IERC20(token).safeTransfer(to, amount);
    }

    /// @notice Total `token` that `user` has recharged into the game.
    /// @param user the payer
    /// @param token the token
    function rechargedOf(address user, address token) external view returns (uint256) {
        return _recharged[user][token];
    }
}
