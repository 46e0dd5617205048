// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Burnable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Burnable.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title MintableToken
/// @notice An ERC-20 (18 decimals unless overridden) whose supply grows only through accounts
/// holding `MINTER_ROLE` (protocol contracts) and shrinks when holders burn. The admin receives
/// the initial supply.
abstract contract MintableToken is ERC20, ERC20Burnable, AccessControl {
    /// @notice Role allowed to mint: on PEX the staking contract (rebases) and the bond desk
    /// (bonds); on the test USDT the deployer.
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    uint256 private immutable _initialSupply;

    constructor(string memory name_, string memory symbol_, address admin, uint256 initialSupply_) ERC20(name_, symbol_) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _initialSupply = initialSupply_;
        if (initialSupply_ > 0) _mint(admin, initialSupply_);
    }

    /// @notice The amount minted to the admin at deployment.
    function initialSupply() external view returns (uint256) {
        return _initialSupply;
    }

    /// @notice Mints `amount` new tokens to `to`; only for `MINTER_ROLE`.
    /// @param to receiver of the new tokens
    /// @param amount amount in base units (18 decimals)
    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }
}
