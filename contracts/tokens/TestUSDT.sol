// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title TestUSDT
/// @notice A 6-decimal USDT stand-in for local chains and tests. On a real network the app is
/// configured with the real USDT address instead, so this contract is never deployed there.
contract TestUSDT is ERC20, Ownable {
    /// @notice Supply minted to the deployer at construction, kept for the `initialSupply` view.
    uint256 private immutable _initialSupply;

    constructor(uint256 initialSupply_) ERC20("Tether USD", "USDT") Ownable(msg.sender) {
        _initialSupply = initialSupply_;
        _mint(msg.sender, initialSupply_);
    }

    /// @notice USDT uses 6 decimals on most chains; the server's micro-USDT unit depends on it.
    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice The amount minted at deployment.
    function initialSupply() external view returns (uint256) {
        return _initialSupply;
    }

    /// @notice Mints test tokens; only the owner (the deployer) may do so.
    /// @param to receiver of the new tokens
    /// @param amount amount in base units (6 decimals)
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
