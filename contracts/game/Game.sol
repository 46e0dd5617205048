// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title Game
/// @notice Entry point of the game economy. `recharge` moves an allowed token from the caller
/// into the game; the server's chain watcher reads `Recharged` and credits the caller's account
/// once, keyed by transaction hash and log index. The caller's `random` reference lets the
/// server match the event to the recharge intent the app registered first.
contract Game is Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    mapping(address token => bool) private _allowedTokens;
    mapping(address user => mapping(address token => uint256)) private _recharged;

    /// @notice Emitted when `user` moved `amount` of `token` into the game under reference `random`.
    event Recharged(address indexed user, address indexed token, uint256 indexed random, uint256 amount);
    /// @notice Emitted when the owner allows or disallows a token for recharge.
    event TokenAllowed(address indexed token, bool allowed);
    /// @notice Emitted when the owner moves collected tokens out (to the payout wallet).
    event Swept(address indexed token, address indexed to, uint256 amount);

    error GameTokenNotAllowed(address token);
    error GameZeroAmount();
    error GameZeroAddress();

    constructor(address initialOwner) Ownable(initialOwner) {}

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

    /// @notice Allows or disallows a token for `recharge`.
    function setAllowedToken(address token, bool allowed) external onlyOwner {
        if (token == address(0)) revert GameZeroAddress();
        _allowedTokens[token] = allowed;
        emit TokenAllowed(token, allowed);
    }

    /// @notice Moves collected tokens to `to`, for example the operator wallet that pays withdrawals.
    function sweep(address token, address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert GameZeroAddress();
        if (amount == 0) revert GameZeroAmount();
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
}
