// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {NodeType} from "../dao/DaoTypes.sol";

/// @title IDaoErrors
/// @notice The errors of the `DAO` (invitation tree, node levels, dividends and boardroom).
interface IDaoErrors {
    /// @notice `caller` is not the staking contract: only `SPEX` reports stake changes.
    error DaoNotStaking(address caller);

    /// @notice An address that must be set was address(0).
    error DaoZeroAddress();

    /// @notice `account` is already in the invitation tree; an account binds once.
    error DaoAlreadyBound(address account);

    /// @notice An account tried to invite itself.
    error DaoSelfInvite();

    /// @notice `inviter` is not in the tree (neither a root nor bound), so it cannot invite.
    error DaoInviterNotRegistered(address inviter);

    /// @notice A batch bind (`bindInvitersFor`) with `users` accounts but `inviters` inviters.
    error DaoBindBatchLengthMismatch(uint256 users, uint256 inviters);

    /// @notice A batch bind of `length` pairs, above the `max` one call takes (`MAX_BIND_BATCH`).
    error DaoBindBatchTooLarge(uint256 length, uint256 max);

    /// @notice Level thresholds not strictly ascending from above 0, or a threshold of 2^96 or more.
    error DaoInvalidThresholds();

    /// @notice A dividend round while no node has any weight: nobody could receive it.
    error DaoNoEligibleNodes();

    /// @notice An amount that must be positive was 0.
    error DaoZeroAmount();

    /// @notice The caller has no dividends to claim.
    error DaoNothingToClaim();

    /// @notice The dividend rounds reached the most a node's drop marker can record.
    error DaoTooManyRounds();

    /// @notice `account` already sits in the boardroom.
    error DaoAlreadyDirector(address account);

    /// @notice `account` is not a Senior Node (its level is `nodeType`).
    error DaoNotSeniorNode(address account, NodeType nodeType);

    /// @notice `account`'s own staked principal `ownPrincipal` is below the director `threshold`:
    /// a seat needs stake of its own (the team's stake counts for the node level only).
    error DaoOwnPrincipalBelowThreshold(address account, uint256 ownPrincipal, uint256 threshold);

    /// @notice `account` has not met the boardroom condition for the whole seniority period: it
    /// becomes senior at `seniorAt` if it keeps meeting it.
    error DaoSeniorityTooShort(address account, uint256 seniorAt);

    /// @notice All `maxDirectors` seats are taken.
    error DaoBoardroomFull(uint256 maxDirectors);

    /// @notice `director` is still senior, so it cannot be removed as ineligible.
    error DaoDirectorStillSenior(address director);

    /// @notice `account` is not a director.
    error DaoNotDirector(address account);

    /// @notice A proposal keyed `random` exists already.
    error DaoProposalExists(uint256 random);

    /// @notice No proposal is keyed `random`.
    error DaoProposalNotFound(uint256 random);

    /// @notice Proposal `random` ended at `endTime` and can no longer be signed.
    error DaoProposalExpired(uint256 random, uint256 endTime);

    /// @notice Proposal `random` has taken effect already.
    error DaoProposalAlreadyExecuted(uint256 random);

    /// @notice `director` signed proposal `random` already.
    error DaoAlreadySigned(uint256 random, address director);

    /// @notice A proposal duration outside 1 hour to 30 days.
    error DaoInvalidDuration(uint256 duration);

    /// @notice A seniority period outside `MIN_SENIORITY_PERIOD` to `MAX_SENIORITY_PERIOD`.
    error DaoInvalidSeniorityPeriod(uint256 period);

    /// @notice The staking contract is set once, and it has been.
    error DaoStakingAlreadySet();
}
