// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {MintableToken} from "./MintableToken.sol";

/// @title USDB
/// @notice The protocol's 18-decimal US-dollar stablecoin (a stand-in for Blast's USDB on local
/// chains): the unit of every price the protocol quotes, the asset behind WIN and WIN1, and what
/// acceleration fees are paid in. Only `MINTER_ROLE` mints.
contract USDB is MintableToken {
    constructor(address admin, uint256 initialSupply_) MintableToken("USDB", "USDB", admin, initialSupply_) {}
}
