// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";

/// @title ReenteringToken
/// @notice Test-only hostile ERC20: once armed, every transfer out of `from` calls `target` with
/// `data` before it completes, as a token with transfer hooks could. A test pairs it in the
/// rehearsal DEX to show that the pair's lock refuses a call back into it mid-swap (the revert
/// bubbles up, so the outer call fails with the pair's reason).
contract ReenteringToken is ERC20 {
    address private _from;
    address private _target;
    bytes private _data;

    /// @notice Mints `supply` to the deployer.
    /// @param supply the whole supply, in base units
    constructor(uint256 supply) ERC20("Reentering Token", "REENTER") {
        _mint(msg.sender, supply);
    }

    /// @notice From now on, a transfer out of `from` first calls `target` with `data`.
    /// @param from the sender whose transfers call back (the pair)
    /// @param target the contract to call back into
    /// @param data the call
    function arm(address from, address target, bytes calldata data) external {
        (_from, _target, _data) = (from, target, data);
    }

    /// @dev Calls back before moving the balance; a refused call back refuses the transfer.
    function _update(address from, address to, uint256 value) internal override {
        if (from == _from && _target != address(0)) Address.functionCall(_target, _data);
        super._update(from, to, value);
    }
}
