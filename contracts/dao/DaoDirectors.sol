// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {EnumerableSet} from "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";
import {DaoNodes} from "./DaoNodes.sol";

/// @title DaoDirectors
/// @notice The boardroom's seats. A senior account (see `DaoNodes`) may `joinDirector`, while one
/// of the `MAX_DIRECTORS` seats is free; a director may leave, and anyone may remove a director
/// that is no longer senior. Only the directors senior now count: their number sets how many
/// signatures a proposal needs (`DaoBoardroom`).
abstract contract DaoDirectors is DaoNodes {
    using EnumerableSet for EnumerableSet.AddressSet;

    /// @notice Most directors the boardroom seats at once (bounds every loop over them).
    uint256 public constant MAX_DIRECTORS = 15;

    EnumerableSet.AddressSet internal _directors;

    /// @notice Emitted when `director` joined the boardroom.
    /// @param director the director
    /// @param directorCount directors seated afterwards
    event DirectorJoined(address indexed director, uint256 directorCount);
    /// @notice Emitted when `TERMS_ROLE` removed `director`.
    /// @param director the director
    /// @param directorCount directors seated afterwards
    event DirectorRemoved(address indexed director, uint256 directorCount);
    /// @notice Emitted when `director` left the boardroom.
    /// @param director the director
    /// @param directorCount directors seated afterwards
    event DirectorLeft(address indexed director, uint256 directorCount);
    /// @notice Emitted when `by` removed `director`, which was no longer senior.
    /// @param director the director
    /// @param by who removed it
    /// @param directorCount directors seated afterwards
    event IneligibleDirectorRemoved(address indexed director, address indexed by, uint256 directorCount);

    /// @dev A director that is senior now: the only one who creates and signs.
    modifier onlySeniorDirector() {
        if (!_directors.contains(msg.sender)) revert DaoNotDirector(msg.sender);
        _requireSenior(msg.sender);
        _;
    }

    /// @notice Joins the boardroom: the caller must be senior (a Senior Node whose own staked
    /// principal has been at least `directorThreshold` for the whole seniority period) and a seat
    /// free.
    function joinDirector() external {
        if (_directors.contains(msg.sender)) revert DaoAlreadyDirector(msg.sender);
        _requireSenior(msg.sender);
        if (_directors.length() >= MAX_DIRECTORS) revert DaoBoardroomFull(MAX_DIRECTORS);
        _directors.add(msg.sender);
        emit DirectorJoined(msg.sender, _directors.length());
    }

    /// @notice Leaves the boardroom; the caller's signatures stop counting.
    function leaveDirector() external {
        if (!_directors.remove(msg.sender)) revert DaoNotDirector(msg.sender);
        emit DirectorLeft(msg.sender, _directors.length());
    }

    /// @notice Removes `director`, which is no longer senior (its stake or its team's fell, or the
    /// thresholds changed); anyone may call, so seats do not stay taken by stake that is gone.
    /// @param director the director
    function removeIneligibleDirector(address director) external {
        if (!_directors.contains(director)) revert DaoNotDirector(director);
        if (_isSenior(_nodes[director], _seniority)) revert DaoDirectorStillSenior(director);
        _directors.remove(director);
        emit IneligibleDirectorRemoved(director, msg.sender, _directors.length());
    }

    /// @notice Removes `director` from the boardroom; its signatures stop counting. Only for
    /// `TERMS_ROLE`.
    /// @param director the director
    function removeDirector(address director) external onlyRole(TERMS_ROLE) {
        if (!_directors.remove(director)) revert DaoNotDirector(director);
        emit DirectorRemoved(director, _directors.length());
    }

    // ------------------------------------------------------------------ views

    /// @notice Whether the caller is a director (call with `from` set).
    function getDirector() external view returns (bool) {
        return _directors.contains(msg.sender);
    }

    /// @notice Whether `account` is a director.
    /// @param account the account
    function isDirector(address account) public view returns (bool) {
        return _directors.contains(account);
    }

    /// @notice All directors, senior now or not.
    function directors() external view returns (address[] memory) {
        return _directors.values();
    }

    /// @notice Directors senior now: those whose signatures count.
    /// @return count directors senior now
    function seniorDirectorCount() public view returns (uint256 count) {
        Seniority memory s = _seniority;
        uint256 n = _directors.length();
        for (uint256 i = 0; i < n; ++i) {
            if (_isSenior(_nodes[_directors.at(i)], s)) ++count;
        }
    }

    /// @notice Signatures a proposal needs now: > 2/3 of the directors senior now.
    function requiredSignatures() public view returns (uint256) {
        return (seniorDirectorCount() * 2) / 3 + 1;
    }
}
