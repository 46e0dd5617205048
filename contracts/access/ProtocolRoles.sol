// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title ProtocolRoles
/// @notice The protocol's one permission style: OpenZeppelin's `AccessControl`, with the roles
/// every contract that has terms shares. `DEFAULT_ADMIN_ROLE` grants and revokes roles and does
/// nothing else; `TERMS_ROLE` sets the contract's terms, each within the bounds its setter
/// enforces. A contract adds the roles of its own work beside these, one role per job so one
/// key holds one power (the DAO's `BINDER_ROLE` and `DIVIDEND_ROLE`, the lottery's
/// `OPERATOR_ROLE`, `MANAGER_ROLE` for moving assets out, `MINTER_ROLE`, …); docs/contracts.md
/// lists who holds which.
abstract contract ProtocolRoles is AccessControl {
    /// @notice Role that sets the contract's terms (rates, bounds, links, thresholds) within the
    /// bounds its setters enforce.
    bytes32 public constant TERMS_ROLE = keccak256("TERMS_ROLE");

    /// @param admin receives `DEFAULT_ADMIN_ROLE` and `TERMS_ROLE` (the deployer)
    constructor(address admin) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(TERMS_ROLE, admin);
    }
}
