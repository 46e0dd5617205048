// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {MintableToken} from "./MintableToken.sol";

/// @title USDB
/// @notice The protocol's 18-decimal US-dollar stablecoin (a stand-in for Blast's USDB on local
/// chains): the unit of every price the protocol quotes, the asset behind WIN and WIN1, and what
/// acceleration fees are paid in. Only `MINTER_ROLE` mints.
/// ERC-2612 permits (EIP-712 domain: name "USDB", version "1") let a holder approve by
/// signature inside the action's own transaction (`…WithPermit`); see ADR-0199.
contract USDB is MintableToken, ERC20Permit {
    constructor(address admin, uint256 initialSupply_) MintableToken("USDB", "USDB", admin, initialSupply_) ERC20Permit("USDB") {}
}
