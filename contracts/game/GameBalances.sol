// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {ProtocolRoles} from "../access/ProtocolRoles.sol";
import {IGameErrors} from "../interfaces/IGameErrors.sol";

/// @title GameBalances
/// @notice The tokens the game accepts, and players' on-chain game balances: players `deposit`
/// an allowed token, `withdraw` it at any time and spend it on lottery entries. Every balance and
/// every jackpot is a liability the contract holds for players (`liabilitiesOf`), which no one
/// can sweep.
abstract contract GameBalances is IGameErrors, ProtocolRoles, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    mapping(address token => bool) private _allowedTokens;
    mapping(address user => mapping(address token => uint256)) internal _balances;
    mapping(address token => uint256) internal _liabilities;

    /// @notice Emitted when a token was allowed or disallowed for recharge and deposits.
    /// @param token an allowed ERC-20 token
    /// @param allowed whether it is allowed
    event TokenAllowed(address indexed token, bool allowed);
    /// @notice Emitted when `user` added `amount` of `token` to its game balance.
    /// @param user the player
    /// @param token an allowed ERC-20 token
    /// @param amount amount in the token's base units
    event Deposited(address indexed user, address indexed token, uint256 amount);
    /// @notice Emitted when `user` took `amount` of `token` out of its game balance.
    /// @param user the player
    /// @param token the token
    /// @param amount amount in the token's base units
    event Withdrawn(address indexed user, address indexed token, uint256 amount);

    /// @notice Allows or disallows a token for `recharge` and `deposit`; only for `TERMS_ROLE`.
    /// @param token an allowed ERC-20 token
    /// @param allowed whether it is allowed
    function setAllowedToken(address token, bool allowed) external onlyRole(TERMS_ROLE) {
        if (token == address(0)) revert GameZeroAddress();
        _allowedTokens[token] = allowed;
        emit TokenAllowed(token, allowed);
    }

    /// @notice Adds `amount` of an allowed `token` to the caller's game balance (approve first).
    /// @param token an allowed ERC-20 token
    /// @param amount amount in the token's base units
    function deposit(address token, uint256 amount) external nonReentrant {
        _requireAllowed(token);
        if (amount == 0) revert GameZeroAmount();
        _balances[msg.sender][token] += amount;
        _liabilities[token] += amount;
        emit Deposited(msg.sender, token, amount);
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice Takes `amount` of `token` out of the caller's game balance.
    /// @param token a token of the caller's game balance
    /// @param amount amount in the token's base units
    function withdraw(address token, uint256 amount) external nonReentrant {
        if (amount == 0) revert GameZeroAmount();
        uint256 balance = _balances[msg.sender][token];
        if (balance < amount) revert GameInsufficientBalance(balance, amount);
        _balances[msg.sender][token] = balance - amount;
        _liabilities[token] -= amount;
        emit Withdrawn(msg.sender, token, amount);
        IERC20(token).safeTransfer(msg.sender, amount);
    }

    /// @notice Whether `token` may be recharged and deposited.
    /// @param token an allowed ERC-20 token
    function isAllowedToken(address token) external view returns (bool) {
        return _allowedTokens[token];
    }

    /// @notice `user`'s game balance in `token`.
    /// @param user the player
    /// @param token the token
    function balanceOf(address user, address token) external view returns (uint256) {
        return _balances[user][token];
    }

    /// @notice Game balances plus jackpots owed in `token` (what `sweep` cannot touch).
    /// @param token the token
    function liabilitiesOf(address token) external view returns (uint256) {
        return _liabilities[token];
    }

    /// @dev Reverts unless `token` is allowed.
    function _requireAllowed(address token) internal view {
        if (!_allowedTokens[token]) revert GameTokenNotAllowed(token);
    }
}
