// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IVaultTokenErrors} from "../interfaces/IVaultTokenErrors.sol";
import {TokenPermits} from "../tokens/TokenPermits.sol";

/// @title VaultToken
/// @notice A reward token backed by a USDB vault: its price is the vault's USDB per token, and
/// any holder may `redeem` tokens for their share of the vault at that price. Rewards enter in
/// two ways: a `REWARDER_ROLE` account pays USDB into the vault and mints tokens at the current
/// price to a recipient (the price does not move), and anyone may `fund` the vault without
/// minting (the price rises for every holder). So no holder can take more than its share.
abstract contract VaultToken is IVaultTokenErrors, ERC20, AccessControl, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice Role allowed to reward accounts with newly minted tokens (paying their backing).
    bytes32 public constant REWARDER_ROLE = keccak256("REWARDER_ROLE");
    uint256 private constant ONE = 1e18;

    IERC20 private immutable _usdb;
    uint256 private _vault;

    /// @notice Emitted when `to` was rewarded `amount` tokens backed by `usdbAmount` USDB.
    /// @param rewarder the `REWARDER_ROLE` account that paid
    /// @param to the rewarded account
    /// @param usdbAmount USDB, 18 decimals
    /// @param amount tokens, 18 decimals
    event Rewarded(address indexed rewarder, address indexed to, uint256 usdbAmount, uint256 amount);
    /// @notice Emitted when `from` added `usdbAmount` USDB to the vault; the price is now `price`.
    /// @param from who paid
    /// @param usdbAmount USDB, 18 decimals
    /// @param price USDB per token afterwards, 18 decimals
    event VaultFunded(address indexed from, uint256 usdbAmount, uint256 price);
    /// @notice Emitted when `user` burned `amount` tokens for `usdbAmount` USDB.
    /// @param user the holder
    /// @param amount tokens, 18 decimals
    /// @param usdbAmount USDB, 18 decimals
    event Redeemed(address indexed user, uint256 amount, uint256 usdbAmount);

    constructor(string memory name_, string memory symbol_, IERC20 usdb_, address admin) ERC20(name_, symbol_) {
        _usdb = usdb_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(REWARDER_ROLE, admin);
    }

    /// @notice Burns `win` tokens of the caller and pays their share of the vault in USDB.
    /// @param win amount of tokens to redeem, 18 decimals
    function redeem(uint256 win) external nonReentrant {
        if (win == 0) revert VaultTokenZeroAmount();
        uint256 balance = balanceOf(msg.sender);
        if (balance < win) revert VaultTokenInsufficientBalance(balance, win);
        uint256 usdbAmount = previewRedeem(win);
        _vault -= usdbAmount;
        _burn(msg.sender, win);
        emit Redeemed(msg.sender, win, usdbAmount);
        _usdb.safeTransfer(msg.sender, usdbAmount);
    }

    /// @notice Pays `usdbAmount` USDB into the vault (approve first) and mints `to` the tokens it
    /// buys at the current price; only for `REWARDER_ROLE`.
    /// @param to the rewarded account
    /// @param usdbAmount USDB, 18 decimals
    /// @return amount tokens minted
    function reward(address to, uint256 usdbAmount) external onlyRole(REWARDER_ROLE) nonReentrant returns (uint256 amount) {
        if (to == address(0)) revert VaultTokenZeroAddress();
        if (usdbAmount == 0) revert VaultTokenZeroAmount();
        uint256 supply = totalSupply();
        amount = supply == 0 ? usdbAmount : Math.mulDiv(usdbAmount, supply, _vault);
        if (amount == 0) revert VaultTokenZeroAmount();
        _vault += usdbAmount;
        _mint(to, amount);
        emit Rewarded(msg.sender, to, usdbAmount, amount);
        _usdb.safeTransferFrom(msg.sender, address(this), usdbAmount);
    }

    /// @notice Adds `usdbAmount` USDB to the vault (approve first), raising the price for all holders.
    /// @param usdbAmount USDB, 18 decimals
    function fund(uint256 usdbAmount) external nonReentrant {
        _fund(usdbAmount);
    }

    /// @notice `fund` with an ERC-2612 permit for exactly `usdbAmount` USDB instead of an
    /// approval, in one transaction. A permit someone else submitted first is harmless: the call
    /// goes on when the allowance covers the amount (see ADR-0199).
    /// @param usdbAmount USDB, 18 decimals (the permit's value)
    /// @param deadline the permit's deadline
    /// @param v the permit signature's v
    /// @param r the permit signature's r
    /// @param s the permit signature's s
    function fundWithPermit(uint256 usdbAmount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external nonReentrant {
        uint256 allowance = TokenPermits.permitOrAllowance(IERC20Permit(address(_usdb)), msg.sender, usdbAmount, deadline, v, r, s);
        if (allowance < usdbAmount) revert VaultTokenPermitRefused(allowance, usdbAmount);
        _fund(usdbAmount);
    }

    /// @dev Adds the caller's `usdbAmount` USDB (approved or permitted before) to the vault.
    function _fund(uint256 usdbAmount) private {
        if (usdbAmount == 0) revert VaultTokenZeroAmount();
        if (totalSupply() == 0) revert VaultTokenNoSupply();
        _vault += usdbAmount;
        emit VaultFunded(msg.sender, usdbAmount, getPrice());
        _usdb.safeTransferFrom(msg.sender, address(this), usdbAmount);
    }

    /// @notice USDB in the vault per token, 18 decimals (1 USDB before the first reward).
    function getPrice() public view returns (uint256) {
        uint256 supply = totalSupply();
        return supply == 0 ? ONE : Math.mulDiv(_vault, ONE, supply);
    }

    /// @notice USDB held by the vault.
    function vault() external view returns (uint256) {
        return _vault;
    }

    /// @notice USDB that redeeming `win` tokens pays now (rounded down).
    /// @param win tokens to redeem, 18 decimals
    function previewRedeem(uint256 win) public view returns (uint256) {
        uint256 supply = totalSupply();
        return supply == 0 ? 0 : Math.mulDiv(win, _vault, supply);
    }

    /// @notice The vault's asset.
    function asset() external view returns (address) {
        return address(_usdb);
    }

    /// @notice Reward tokens start with no supply; kept for the token interface the app reads.
    function initialSupply() external pure returns (uint256) {
        return 0;
    }
}
