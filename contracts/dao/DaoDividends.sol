// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {NodeType} from "./DaoTypes.sol";
import {DaoNodes} from "./DaoNodes.sol";

/// @title DaoDividends
/// @notice DAO dividends: each distribution (one per period, by a `DIVIDEND_ROLE` holder) is
/// shared by node weight (0, 1, 2, 4, 8 by level), claimable at any time. A weight rises when
/// the account is poked (`pokeNode`, anyone for anyone) or claims; it falls in the same
/// transaction as the unstake that lowers the level (`DaoInvitationTree`). Accrual is kept per
/// dividend round (`_accAt`): between two settlements an account earns at its settled weight up
/// to the round of its first drop and at its current weight after it (exact for one drop, never
/// more than earned for several).
abstract contract DaoDividends is DaoNodes, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    uint256 private constant ACC_PRECISION = 1e18;
    /// @dev `Node.dropRound` keeps rounds + 2 in 24 bits.
    uint256 private constant MAX_ROUNDS = type(uint24).max - 2;

    IERC20 private immutable _dividendToken;

    mapping(address account => uint256) private _pending;
    mapping(address account => uint256) private _growthBase; // team sPEX at the last claim (or first poke)
    mapping(uint256 round => uint256) private _accAt; // dividend per weight (scaled) after each round

    /// @notice Emitted when `account`'s dividend weight was refreshed.
    /// @param account the node
    /// @param nodeType its level now
    /// @param weight its dividend weight now
    event NodePoked(address indexed account, NodeType nodeType, uint256 weight);
    /// @notice Emitted when dividend round `round` shared `amount` over `totalWeight`.
    /// @param round the dividend round (1 for the first)
    /// @param amount PEX, 18 decimals
    /// @param totalWeight the weight of all nodes it was shared over
    event DividendsDistributed(uint256 indexed round, uint256 amount, uint256 totalWeight);
    /// @notice Emitted when `account` claimed `amount` of dividends.
    /// @param account the node
    /// @param amount PEX, 18 decimals
    event DividendsClaimed(address indexed account, uint256 amount);

    /// @param dividendToken_ the token dividends are paid in (PEX)
    constructor(IERC20 dividendToken_) {
        _dividendToken = dividendToken_;
    }

    /// @notice Settles `account`'s dividends so far and sets its weight from its current node
    /// level (anyone may call; this is how a weight rises).
    /// @param account the node
    function pokeNode(address account) external {
        _settle(account);
    }

    /// @notice Shares `amount` of the dividend token (approve it first) among nodes by weight:
    /// one call per dividend period; only for `DIVIDEND_ROLE`.
    /// @param amount PEX, 18 decimals
    function distributeDividends(uint256 amount) external onlyRole(DIVIDEND_ROLE) nonReentrant {
        if (amount == 0) revert DaoZeroAmount();
        Dividends memory d = _dividends;
        if (d.totalWeight == 0) revert DaoNoEligibleNodes();
        if (d.rounds >= MAX_ROUNDS) revert DaoTooManyRounds();
        uint256 round = uint256(d.rounds) + 1;
        _accAt[round] = _accAt[d.rounds] + (amount * ACC_PRECISION) / d.totalWeight;
        d.rounds = uint32(round);
        d.lastAt = uint40(block.timestamp);
        d.totalDistributed = (uint256(d.totalDistributed) + amount).toUint120();
        _dividends = d;
        emit DividendsDistributed(round, amount, d.totalWeight);
        _dividendToken.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice Pays the caller's dividends so far and refreshes its weight.
    function claimDividends() external nonReentrant {
        _settle(msg.sender);
        uint256 amount = _pending[msg.sender];
        if (amount == 0) revert DaoNothingToClaim();
        _pending[msg.sender] = 0;
        _members[msg.sender].lastClaimAt = uint40(block.timestamp);
        _growthBase[msg.sender] = _nodes[msg.sender].teamPrincipal;
        emit DividendsClaimed(msg.sender, amount);
        _dividendToken.safeTransfer(msg.sender, amount);
    }

    /// @notice Dividends `account` can claim now.
    /// @param account the node
    function pendingDividendsOf(address account) public view returns (uint256) {
        return _pending[account] + _accrued(_members[account], _nodes[account], _dividends.rounds);
    }

    /// @notice Dividend state: rounds so far, time of the last one, total distributed and total weight.
    /// @return rounds dividend rounds so far
    /// @return lastDividendAt timestamp of the last round
    /// @return totalDistributed PEX distributed in all rounds
    /// @return totalWeight the weight of all nodes now
    function dividendState()
        external
        view
        returns (uint256 rounds, uint256 lastDividendAt, uint256 totalDistributed, uint256 totalWeight)
    {
        Dividends memory d = _dividends;
        return (d.rounds, d.lastAt, d.totalDistributed, d.totalWeight);
    }

    /// @dev Growth of `account`'s team sPEX since its last claim (or first poke), in basis points.
    function _growthRateBps(address account, uint256 teamPrincipal) internal view returns (int256) {
        int256 base = int256(_growthBase[account]);
        return base == 0 ? int256(0) : ((int256(teamPrincipal) - base) * 10_000) / base;
    }

    /// @dev Dividends earned since the last settlement: at the settled weight up to the first
    /// drop, at the current (lowest) weight after it.
    function _accrued(Member memory m, Node memory n, uint256 rounds) private view returns (uint256) {
        uint256 dropAt = n.dropRound <= NO_DROP ? rounds : uint256(n.dropRound) - 2;
        uint256 accDrop = _accAt[dropAt];
        uint256 scaled = uint256(m.settledWeight) * (accDrop - _accAt[m.settledRound]) + uint256(n.weight) * (_accAt[rounds] - accDrop);
        return scaled / ACC_PRECISION;
    }

    /// @dev Banks `account`'s accrued dividends and sets its weight from its level.
    function _settle(address account) private {
        Member memory m = _members[account];
        Node memory n = _nodes[account];
        Dividends memory d = _dividends;
        _pending[account] += _accrued(m, n, d.rounds);
        NodeType t = _levelOf(n.teamPrincipal, _levelThresholds);
        uint256 weight = levelWeights()[uint256(t)];
        if (weight != n.weight) _dividends.totalWeight = uint64(d.totalWeight + weight - n.weight);
        n.weight = uint8(weight);
        n.dropRound = NO_DROP;
        _nodes[account] = n;
        m.settledWeight = uint8(weight);
        m.settledRound = d.rounds;
        _members[account] = m;
        if (_growthBase[account] == 0) _growthBase[account] = n.teamPrincipal;
        emit NodePoked(account, t, weight);
    }
}
