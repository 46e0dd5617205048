// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Treasury} from "../treasury/Treasury.sol";
import {NodeType} from "./DaoTypes.sol";
import {DaoNodes} from "./DaoNodes.sol";
import {DaoInvitationTree} from "./DaoInvitationTree.sol";
import {DaoDividends} from "./DaoDividends.sol";
import {DaoBoardroom} from "./DaoBoardroom.sol";

/// @title DAO
/// @notice The invitation tree, node levels, DAO dividends and the boardroom, composed from
/// their modules: `DaoNodes` (the per-account node every part reads, levels and seniority),
/// `DaoInvitationTree` (the tree and its team totals, fed by `SPEX`), `DaoDividends`,
/// `DaoDirectors` (the boardroom's seats) and `DaoBoardroom` (its proposals). Roles: `DEFAULT_ADMIN_ROLE` grants roles, `TERMS_ROLE` sets thresholds,
/// periods, roots, the staking link and the boardroom terms, `BINDER_ROLE` binds accounts for
/// the server, `DIVIDEND_ROLE` distributes dividends; the deployer holds all four at first.
contract DAO is DaoInvitationTree, DaoDividends, DaoBoardroom {
    /// @notice Everything the DAO reward page shows for one account.
    struct NodeInfo {
        address inviter;
        NodeType nodeType;
        uint256 teamSPex;
        uint256 teamPrincipal;
        uint256 ownPrincipal;
        uint256 networkPrincipal;
        int256 growthRateBps;
        uint256 weight;
        uint256 pendingDividends;
        uint256 lastDividendAt;
        uint256 lastClaimAt;
        uint256 directInvitees;
        bool director;
    }

    /// @param dividendToken_ the token dividends are paid in (PEX)
    /// @param treasury_ the treasury spend proposals draw on (this DAO needs its `MANAGER_ROLE`)
    /// @param initialOwner holds every role at first, and is the first root of the invitation tree
    constructor(
        IERC20 dividendToken_,
        Treasury treasury_,
        address initialOwner
    ) DaoNodes(initialOwner) DaoInvitationTree(initialOwner) DaoDividends(dividendToken_) DaoBoardroom(treasury_) {}

    /// @notice Everything the DAO reward page shows for `account`.
    /// @param account the account
    /// @return info inviter, level, team and own principal, growth, weight, dividends, invitees, seat
    function getNodeInfo(address account) external view returns (NodeInfo memory info) {
        Member memory m = _members[account];
        Node memory n = _nodes[account];
        info = NodeInfo({
            inviter: m.inviter,
            nodeType: _levelOf(n.teamPrincipal, _levelThresholds),
            teamSPex: n.teamPrincipal,
            teamPrincipal: n.teamPrincipal,
            ownPrincipal: n.ownPrincipal,
            networkPrincipal: uint256(n.ownPrincipal) + n.teamPrincipal,
            growthRateBps: _growthRateBps(account, n.teamPrincipal),
            weight: n.weight,
            pendingDividends: pendingDividendsOf(account),
            lastDividendAt: _dividends.lastAt,
            lastClaimAt: m.lastClaimAt,
            directInvitees: _directInvitees(account),
            director: isDirector(account)
        });
    }
}
