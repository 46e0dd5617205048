// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @title A smart-contract wallet for tests (ERC-1271, batched calls)
/// @notice The wallet's signature is its owner's ECDSA signature of the same hash, as in a
/// one-owner Safe; its owner sends it calls to run from its address, several at once and all
/// or none, as a smart account runs an EIP-5792 batch in one transaction. Used by the tests of
/// sign-in with a contract wallet and by the browser tests' smart-account wallet; never
/// deployed by scripts/deploy.ts.
contract SmartWalletMock is IERC1271 {
    /// @notice One call the wallet makes: to `target`, with `value` wei and `data`.
    struct Call {
        address target;
        uint256 value;
        bytes data;
    }

    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice Takes ether (a wallet can be paid).
    receive() external payable {}

    /// @inheritdoc IERC1271
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError err, ) = ECDSA.tryRecover(hash, signature);
        return err == ECDSA.RecoverError.NoError && signer == owner ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }

    /// @notice Runs `calls` in order from this wallet, in the owner's one transaction: a call
    /// that reverts undoes the ones before it and its revert data bubbles up unchanged.
    /// @param calls The calls, each with its target, value and data.
    function executeBatch(Call[] calldata calls) external payable {
        // A test double: a string reason like the other test contracts, not a custom error.
        require(msg.sender == owner, "not the owner");
        for (uint256 i = 0; i < calls.length; i++) {
            Address.functionCallWithValue(calls[i].target, calls[i].data, calls[i].value);
        }
    }
}
