// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice Node level of an account by its team sPEX, lowest first (dividend weights 0, 1, 2, 4, 8).
enum NodeType {
    OrdinaryUser,
    ValueUser,
    PrimaryNode,
    IntermediateNode,
    SeniorNode
}

/// @notice A boardroom proposal's status: `None` for a key never used.
enum ProposalStatus {
    None,
    Active,
    Executed,
    Expired
}
