// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {ITreasuryErrors} from "../interfaces/ITreasuryErrors.sol";

/// @title Treasury
/// @notice Holds what the protocol earns. Two are deployed: treasury 1 (reserves: ETH from ETH
/// bonds, USDB from acceleration fees) and treasury 2 (protocol-owned liquidity: the PEX-ETH LP
/// tokens that LP bonds create). Assets leave only through `manage`, held by the admin and by
/// the DAO (boardroom proposals that reached their signature threshold).
contract Treasury is ITreasuryErrors, AccessControl, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice Role allowed to move assets out.
    bytes32 public constant MANAGER_ROLE = keccak256("MANAGER_ROLE");

    string private _name;

    /// @notice Emitted when ETH arrived.
    /// @param from the sender
    /// @param amount wei, or the token's base units
    event EthReceived(address indexed from, uint256 amount);
    /// @notice Emitted when a manager moved `amount` of `token` (address(0) for ETH) to `to`.
    /// @param manager the `MANAGER_ROLE` account that moved it
    /// @param token the token (address(0) for ETH)
    /// @param to the receiver
    /// @param amount wei, or the token's base units
    event Managed(address indexed manager, address indexed token, address indexed to, uint256 amount);

    /// @param admin account that administers roles and may manage assets
    /// @param name_ label shown by the dashboard, e.g. "Reserves"
    constructor(address admin, string memory name_) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MANAGER_ROLE, admin);
        _name = name_;
    }

    /// @notice Accepts ETH (bond proceeds).
    receive() external payable {
        emit EthReceived(msg.sender, msg.value);
    }

    /// @notice Moves `amount` of `token` (address(0) for ETH) to `to`; only for `MANAGER_ROLE`.
    /// @param token ERC-20 address, or address(0) for ETH
    /// @param to receiver
    /// @param amount amount in the asset's base units
    function manage(address token, address to, uint256 amount) external onlyRole(MANAGER_ROLE) nonReentrant {
        if (to == address(0)) revert TreasuryZeroAddress();
        if (amount == 0) revert TreasuryZeroAmount();
        emit Managed(msg.sender, token, to, amount);
        if (token == address(0)) {
            (bool ok, ) = to.call{value: amount}("");
            if (!ok) revert TreasuryEthTransferFailed(to, amount);
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
    }

    /// @notice The treasury's label.
    function name() external view returns (string memory) {
        return _name;
    }
}
