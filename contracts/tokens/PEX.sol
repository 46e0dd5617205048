// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {MintableToken} from "./MintableToken.sol";

/// @title PEX
/// @notice The protocol token. It is staked into sPEX, sold by the bond desk (`Front`) and paired
/// with ETH on Uniswap V2. New PEX comes only from staking rebases and accelerations (`SPEX`) and
/// from bonds (`Front`), the two holders of `MINTER_ROLE`.
contract PEX is MintableToken {
    constructor(address admin, uint256 initialSupply_) MintableToken("PEX", "PEX", admin, initialSupply_) {}
}
