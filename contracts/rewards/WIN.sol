// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {VaultToken} from "./VaultToken.sol";

/// @title WIN
/// @notice The first reward token ("WIN Reward"), backed by its own USDB vault; see `VaultToken`.
contract WIN is VaultToken {
    constructor(IERC20 usdb_, address admin) VaultToken("WIN", "WIN", usdb_, admin) {}
}
