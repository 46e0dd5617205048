// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {MintableToken} from "./MintableToken.sol";

/// @title TestUSDT
/// @notice A 6-decimal USDT stand-in for local chains and tests. On a real network the app is
/// configured with the real USDT address instead, so this contract is never deployed there. The
/// deployer holds `MINTER_ROLE` and mints test tokens.
contract TestUSDT is MintableToken {
    /// @param initialSupply_ minted to the deployer, in base units (6 decimals)
    constructor(uint256 initialSupply_) MintableToken("Tether USD", "USDT", msg.sender, initialSupply_) {
        _grantRole(MINTER_ROLE, msg.sender);
    }

    /// @notice USDT uses 6 decimals on most chains; the server's micro-USDT unit depends on it.
    function decimals() public pure override returns (uint8) {
        return 6;
    }
}
