// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {MintableToken} from "./MintableToken.sol";

/// @title PEX
/// @notice The protocol token. It is staked into sPEX, sold by the bond desk (`Front`) and paired
/// with ETH on Uniswap V2. New PEX comes only from staking rebases and accelerations (`SPEX`) and
/// from bonds (`Front`), the two holders of `MINTER_ROLE`.
/// ERC-2612 permits (EIP-712 domain: name "PEX", version "1") let a holder approve by
/// signature inside the action's own transaction (`…WithPermit`); see ADR-0199.
contract PEX is MintableToken, ERC20Permit {
    constructor(address admin, uint256 initialSupply_) MintableToken("PEX", "PEX", admin, initialSupply_) ERC20Permit("PEX") {}
}
