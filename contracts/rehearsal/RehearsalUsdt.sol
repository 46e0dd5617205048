// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title RehearsalUsdt
/// @notice The USDT of the production rehearsal's chain, deployed by the provider
/// (scripts/rehearsal/provider/) as BNB Smart Chain's USDT is there already: 18 decimals like
/// Binance-Peg BSC-USD, whose issuer mints; the protocol only ever adopts it by address. Separate
/// from `TestUSDT` (6 decimals, the local chain's) so that the rehearsal runs the decimals it will
/// meet in production.
contract RehearsalUsdt is ERC20, AccessControl {
    /// @notice Role allowed to mint: the provider's account (the issuer).
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// @notice Deploys with no supply: the issuer mints to each holder.
    /// @param issuer receives `DEFAULT_ADMIN_ROLE` and `MINTER_ROLE`
    constructor(address issuer) ERC20("Tether USD", "USDT") {
        _grantRole(DEFAULT_ADMIN_ROLE, issuer);
        _grantRole(MINTER_ROLE, issuer);
    }

    /// @notice Mints `amount` new tokens to `to`; only for `MINTER_ROLE`.
    /// @param to receiver of the new tokens
    /// @param amount amount in base units (18 decimals)
    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }
}
