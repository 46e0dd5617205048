// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {EnumerableSet} from "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";
import {Treasury} from "../treasury/Treasury.sol";
import {ProposalStatus} from "./DaoTypes.sol";
import {DaoDirectors} from "./DaoDirectors.sol";

/// @title DaoBoardroom
/// @notice The boardroom's proposals. Only a director senior now (see `DaoDirectors`) creates (a
/// proposal keyed by the creator's `random`) and signs (`passProposal`). A proposal takes effect
/// when strictly more than 2/3 of the directors senior now have signed, counting only their
/// signatures; it executes exactly once (a spend proposal moves treasury funds) and can no
/// longer be signed after its end time.
abstract contract DaoBoardroom is DaoDirectors, ReentrancyGuardTransient {
    using EnumerableSet for EnumerableSet.AddressSet;

    struct Proposal {
        address creator;
        uint64 startTime;
        uint32 signatures; // signatures that counted at the last signature (frozen once executed)
        address token;
        uint64 endTime;
        bool executed;
        address recipient;
        uint256 amount;
    }

    /// @notice One proposal as the boardroom page lists it.
    struct ProposalInfo {
        uint256 random;
        address creator;
        address token;
        address recipient;
        uint256 amount;
        uint256 signatures;
        uint256 requiredSignatures;
        uint256 startTime;
        uint256 endTime;
        ProposalStatus status;
    }

    mapping(uint256 random => Proposal) private _proposals;
    mapping(uint256 random => mapping(address director => bool)) private _signed;
    uint256[] private _proposalIds;
    uint256 private _proposalDuration;
    Treasury private _treasury;

    /// @notice Emitted when proposal `random` was created.
    /// @param random the proposal (its creator's reference)
    /// @param creator the director that created and first signed it
    /// @param token the token a spend moves (address(0) for ETH or a signalling proposal)
    /// @param recipient who receives the spend (address(0) for a signalling proposal)
    /// @param amount the amount spent (0 for a signalling proposal)
    /// @param endTime when signing ends
    event ProposalCreated(
        uint256 indexed random,
        address indexed creator,
        address token,
        address recipient,
        uint256 amount,
        uint256 endTime
    );
    /// @notice Emitted when `director` signed proposal `random`, which now has `signatures` that count.
    /// @param random the proposal (its creator's reference)
    /// @param director the director
    /// @param signatures signatures of directors senior now
    event ProposalSigned(uint256 indexed random, address indexed director, uint256 signatures);
    /// @notice Emitted when proposal `random` took effect.
    /// @param random the proposal (its creator's reference)
    /// @param token the token a spend moves (address(0) for ETH or a signalling proposal)
    /// @param recipient who receives the spend (address(0) for a signalling proposal)
    /// @param amount the amount spent (0 for a signalling proposal)
    event ProposalExecuted(uint256 indexed random, address token, address recipient, uint256 amount);
    /// @notice Emitted when the boardroom terms were set.
    /// @param directorThreshold own staked principal a Senior Node must hold to be eligible (PEX, 18 decimals)
    /// @param proposalDuration seconds a signalling proposal can be signed
    /// @param treasury the treasury spend proposals draw on
    event BoardroomTermsSet(uint256 directorThreshold, uint256 proposalDuration, address treasury);

    /// @param treasury_ the treasury spend proposals draw on (the DAO needs its `MANAGER_ROLE`)
    constructor(Treasury treasury_) {
        _treasury = treasury_;
        _proposalDuration = 3 days;
    }

    /// @notice Creates a signalling proposal (no transfer) keyed by `random`; the creator signs it.
    /// Only for a director that is senior now.
    /// @param random the caller's reference: the proposal's serial number
    function createProposal(uint256 random) external onlySeniorDirector nonReentrant {
        _create(random, address(0), address(0), 0, _proposalDuration);
    }

    /// @notice Creates a proposal that, once it takes effect, moves `amount` of `token`
    /// (address(0) for ETH) from the treasury to `recipient`; the creator signs it. Only for a
    /// director that is senior now.
    /// @param random the caller's reference: the proposal's serial number
    /// @param token the token a spend moves (address(0) for ETH or a signalling proposal)
    /// @param recipient who receives the spend (address(0) for a signalling proposal)
    /// @param amount the amount spent (0 for a signalling proposal)
    /// @param duration seconds during which it can be signed (1 hour to 30 days)
    function createSpendProposal(
        uint256 random,
        address token,
        address recipient,
        uint256 amount,
        uint256 duration
    ) external onlySeniorDirector nonReentrant {
        if (recipient == address(0)) revert DaoZeroAddress();
        if (amount == 0) revert DaoZeroAmount();
        if (duration < 1 hours || duration > 30 days) revert DaoInvalidDuration(duration);
        _create(random, token, recipient, amount, duration);
    }

    /// @notice Signs proposal `random` (only for a director that is senior now); the signature
    /// that passes 2/3 of the directors senior now executes it.
    /// @param random the proposal (its creator's reference)
    function passProposal(uint256 random) external onlySeniorDirector nonReentrant {
        Proposal storage p = _proposals[random];
        if (p.creator == address(0)) revert DaoProposalNotFound(random);
        if (p.executed) revert DaoProposalAlreadyExecuted(random);
        if (block.timestamp > p.endTime) revert DaoProposalExpired(random, p.endTime);
        if (_signed[random][msg.sender]) revert DaoAlreadySigned(random, msg.sender);
        _sign(random, p);
    }

    /// @notice Sets the director threshold (below 2^96), the default proposal duration and the
    /// treasury; only for `TERMS_ROLE`. A changed director threshold restarts everyone's seniority.
    /// @param directorThreshold own staked principal a Senior Node must hold to be eligible (PEX, 18 decimals)
    /// @param proposalDuration seconds a signalling proposal can be signed
    /// @param treasury the treasury spend proposals draw on
    function setBoardroomTerms(uint256 directorThreshold, uint256 proposalDuration, Treasury treasury) external onlyRole(TERMS_ROLE) {
        if (proposalDuration < 1 hours || proposalDuration > 30 days) revert DaoInvalidDuration(proposalDuration);
        if (address(treasury) == address(0)) revert DaoZeroAddress();
        if (directorThreshold > type(uint96).max) revert DaoInvalidThresholds();
        Seniority storage s = _seniority;
        if (s.directorThreshold != directorThreshold) {
            s.directorThreshold = uint96(directorThreshold);
            s.changedAt = uint32(block.timestamp);
        }
        _proposalDuration = proposalDuration;
        _treasury = treasury;
        emit BoardroomTermsSet(directorThreshold, proposalDuration, address(treasury));
    }

    // ------------------------------------------------------------------ views

    /// @notice Whether proposal `random` exists.
    /// @param random the proposal (its creator's reference)
    function getProposal(uint256 random) external view returns (bool) {
        return _proposals[random].creator != address(0);
    }

    /// @notice Signatures of proposal `random` that count: those of directors senior now (or,
    /// once executed, those that executed it).
    /// @param random the proposal (its creator's reference)
    function getPass(uint256 random) external view returns (uint256) {
        return _countedSignatures(random, _proposals[random]);
    }

    /// @notice Whether `director` signed proposal `random`.
    /// @param random the proposal (its creator's reference)
    /// @param director the director
    function hasSigned(uint256 random, address director) external view returns (bool) {
        return _signed[random][director];
    }

    /// @notice Number of proposals ever created.
    function proposalCount() external view returns (uint256) {
        return _proposalIds.length;
    }

    /// @notice Proposal `random` with its status.
    /// @param random the proposal (its creator's reference)
    /// @return info its parties, amount, signatures that count and needed, times and status
    function getProposalInfo(uint256 random) public view returns (ProposalInfo memory info) {
        Proposal storage p = _proposals[random];
        ProposalStatus status = ProposalStatus.None;
        if (p.creator != address(0)) {
            if (p.executed) status = ProposalStatus.Executed;
            else if (block.timestamp > p.endTime) status = ProposalStatus.Expired;
            else status = ProposalStatus.Active;
        }
        info = ProposalInfo({
            random: random,
            creator: p.creator,
            token: p.token,
            recipient: p.recipient,
            amount: p.amount,
            signatures: _countedSignatures(random, p),
            requiredSignatures: requiredSignatures(),
            startTime: p.startTime,
            endTime: p.endTime,
            status: status
        });
    }

    /// @notice Up to `limit` proposals, newest first, skipping the `offset` newest.
    /// @param offset how many of the newest to skip
    /// @param limit how many to answer at most
    /// @return list the proposals, newest first
    function getProposals(uint256 offset, uint256 limit) external view returns (ProposalInfo[] memory list) {
        uint256 total = _proposalIds.length;
        uint256 n = offset >= total ? 0 : total - offset;
        if (n > limit) n = limit;
        list = new ProposalInfo[](n);
        for (uint256 i = 0; i < n; ++i) list[i] = getProposalInfo(_proposalIds[total - offset - 1 - i]);
    }

    /// @notice Own staked principal a Senior Node must hold to be eligible, default proposal
    /// duration and the treasury spend proposals draw on.
    /// @return directorThreshold own staked principal a Senior Node must hold (PEX)
    /// @return proposalDuration seconds a signalling proposal can be signed
    /// @return treasury the treasury spend proposals draw on
    function boardroomTerms() external view returns (uint256 directorThreshold, uint256 proposalDuration, address treasury) {
        return (_seniority.directorThreshold, _proposalDuration, address(_treasury));
    }

    // ------------------------------------------------------------------ internals

    function _create(uint256 random, address token, address recipient, uint256 amount, uint256 duration) private {
        Proposal storage p = _proposals[random];
        if (p.creator != address(0)) revert DaoProposalExists(random);
        p.creator = msg.sender;
        p.startTime = uint64(block.timestamp);
        p.endTime = uint64(block.timestamp + duration);
        p.token = token;
        p.recipient = recipient;
        p.amount = amount;
        _proposalIds.push(random);
        emit ProposalCreated(random, msg.sender, token, recipient, amount, p.endTime);
        _sign(random, p);
    }

    /// @dev Records the caller's signature and executes the proposal once the signatures of
    /// directors senior now pass two thirds of them (the caller is one: it was checked).
    function _sign(uint256 random, Proposal storage p) private {
        _signed[random][msg.sender] = true;
        (uint256 signatures, uint256 seniors) = _tally(random);
        p.signatures = uint32(signatures);
        emit ProposalSigned(random, msg.sender, signatures);
        // Strictly more than two thirds: signatures / seniors > 2 / 3.
        if (signatures * 3 > seniors * 2) {
            p.executed = true;
            emit ProposalExecuted(random, p.token, p.recipient, p.amount);
            if (p.amount > 0) _treasury.manage(p.token, p.recipient, p.amount);
        }
    }

    /// @dev Directors senior now, and how many of them signed `random`: at most `MAX_DIRECTORS` steps.
    function _tally(uint256 random) private view returns (uint256 signatures, uint256 seniors) {
        Seniority memory s = _seniority;
        uint256 n = _directors.length();
        for (uint256 i = 0; i < n; ++i) {
            address d = _directors.at(i);
            if (!_isSenior(_nodes[d], s)) continue;
            ++seniors;
            if (_signed[random][d]) ++signatures;
        }
    }

    function _countedSignatures(uint256 random, Proposal storage p) private view returns (uint256 signatures) {
        if (p.creator == address(0)) return 0;
        if (p.executed) return p.signatures;
        (signatures, ) = _tally(random);
    }
}
