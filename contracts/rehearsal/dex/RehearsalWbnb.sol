// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";

/// @title RehearsalWbnb
/// @notice Wrapped BNB on the production rehearsal's chain: an ERC20 backed one to one by the
/// BNB it holds, with WBNB's (and WETH9's) `deposit`/`withdraw` and events, so that the DEX's
/// router and the protocol can treat the chain's coin as a token as they will on BNB Smart Chain.
/// @dev Built on OpenZeppelin's ERC20, whose `transferFrom` always spends an allowance (WETH9
/// skips it when the owner calls): the router and the protocol approve before they pull.
contract RehearsalWbnb is ERC20 {
    /// @notice Emitted when BNB was wrapped.
    /// @param dst who received the WBNB
    /// @param wad the amount, in wei
    event Deposit(address indexed dst, uint256 wad);

    /// @notice Emitted when WBNB was unwrapped.
    /// @param src whose WBNB was burnt and who received the BNB
    /// @param wad the amount, in wei
    event Withdrawal(address indexed src, uint256 wad);

    /// @notice Deploys with no supply: every WBNB is minted against BNB sent in.
    constructor() ERC20("Wrapped BNB", "WBNB") {}

    /// @notice BNB sent without a call is wrapped for its sender, as WBNB does.
    receive() external payable {
        deposit();
    }

    /// @notice Wraps the BNB sent: mints as much WBNB to the sender.
    function deposit() public payable {
        _mint(msg.sender, msg.value);
        emit Deposit(msg.sender, msg.value);
    }

    /// @notice Unwraps `wad`: burns the sender's WBNB first, then sends the BNB, so a receiver
    /// that calls back finds its balance already lowered.
    /// @param wad the amount, in wei
    function withdraw(uint256 wad) external {
        _burn(msg.sender, wad);
        emit Withdrawal(msg.sender, wad);
        Address.sendValue(payable(msg.sender), wad);
    }
}
