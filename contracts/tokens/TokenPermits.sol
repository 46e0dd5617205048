// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";

/// @title TokenPermits
/// @notice The `…WithPermit` entries' first step, in OpenZeppelin's front-run-safe form
/// (`IERC20Permit`'s security note): anyone who saw the signature in the mempool may submit the
/// permit first, which makes the caller's own `permit` revert although the allowance is set. So a
/// refused permit is not an error by itself; the caller reverts with its own named error only
/// when the allowance does not cover the amount either.
library TokenPermits {
    /// @dev Applies `owner`'s permit for this contract to spend `value` of `token`, and returns
    /// the allowance this contract then has: `value` when the permit went through, else the
    /// allowance already there (a front-run permit's, or an earlier approval's).
    function permitOrAllowance(
        IERC20Permit token,
        address owner,
        uint256 value,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) internal returns (uint256) {
        try token.permit(owner, address(this), value, deadline, v, r, s) {
            return value;
        } catch {
            return IERC20(address(token)).allowance(owner, address(this));
        }
    }
}
