// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {VaultToken} from "./VaultToken.sol";

/// @title WIN1
/// @notice The second reward token ("WIN 1 Reward"), backed by its own USDB vault; see `VaultToken`.
contract WIN1 is VaultToken {
    constructor(IERC20 usdb_, address admin) VaultToken("WIN1", "WIN1", usdb_, admin) {}
}
