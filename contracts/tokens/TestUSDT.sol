// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {MintableToken} from "./MintableToken.sol";

/// @title TestUSDT
/// @notice A USDT stand-in for local chains and tests, with the decimals of the USDT it stands
/// for: 6 as on Ethereum and Tron (the local default), 18 as BSC's. On a real network the app is
/// configured with the real USDT address instead, so this contract is never deployed there. The
/// deployer holds `MINTER_ROLE` and mints test tokens.
contract TestUSDT is MintableToken {
    uint8 private immutable _decimals;

    /// @param initialSupply_ minted to the deployer, in base units (`decimals_` decimals)
    /// @param decimals_ the token's decimals; the server converts to its micro-USDT with them
    constructor(uint256 initialSupply_, uint8 decimals_) MintableToken("Tether USD", "USDT", msg.sender, initialSupply_) {
        _grantRole(MINTER_ROLE, msg.sender);
        _decimals = decimals_;
    }

    /// @notice The decimals given at deployment (6 locally, 18 when standing in for BSC's USDT).
    function decimals() public view override returns (uint8) {
        return _decimals;
    }
}
