// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {BondKind} from "./FrontTypes.sol";
import {FrontPrices} from "./FrontPrices.sol";

/// @title FrontBondBook
/// @notice What the desk may still sell and what it sold: each bond kind's terms (rate, vesting,
/// remaining capacity), and every bond with its payout vesting linearly from its start,
/// redeemed as it vests.
abstract contract FrontBondBook is FrontPrices {
    using SafeCast for uint256;

    struct Terms {
        uint16 rateBps;
        uint32 vesting;
        uint128 capacity;
    }

    struct Bond {
        address owner;
        BondKind kind;
        uint40 start;
        uint32 vesting;
        uint112 payout;
        uint112 redeemed;
        uint32 prevId; // the owner's previous bond: a per-owner linked list, newest first
    }

    struct Account {
        uint32 lastBondId;
        uint32 bondCount;
    }

    /// @notice One bond as the app lists it.
    struct BondInfo {
        uint256 id;
        address owner;
        BondKind kind;
        uint256 start;
        uint256 vesting;
        uint256 payout;
        uint256 redeemed;
        uint256 redeemable;
        uint256 vested;
    }

    // One slot: every bond reads the floor price and takes the next id.
    uint32 private _lastBondId;
    uint128 internal _minBondPrice;
    mapping(BondKind kind => Terms) internal _terms;
    mapping(uint256 id => Bond) private _bonds;
    mapping(address owner => Account) private _accounts;

    /// @notice Emitted when `user` redeemed `amount` vested PEX of bond `id`.
    /// @param user the bond's owner
    /// @param id the bond
    /// @param amount PEX paid
    event BondRedeemed(address indexed user, uint256 indexed id, uint256 amount);
    /// @notice Emitted when the terms of a bond kind were set.
    /// @param kind the bond kind (0 ETH, 1 LP)
    /// @param rateBps ETH bond discount or LP reward rate, basis points
    /// @param vesting seconds a payout vests over
    /// @param capacity PEX the kind may still sell
    event TermsSet(BondKind indexed kind, uint256 rateBps, uint256 vesting, uint256 capacity);
    /// @notice Emitted when the floor price of bonds was set.
    /// @param price USDB per PEX, 18 decimals
    event MinBondPriceSet(uint256 price);

    /// @notice Rate (basis points), vesting (seconds) and remaining capacity (PEX) of `kind`.
    /// @param kind the bond kind (0 ETH, 1 LP)
    /// @return rateBps ETH bond discount or LP reward rate, basis points
    /// @return vesting seconds a payout vests over
    /// @return capacity PEX the kind may still sell
    function bondTerms(BondKind kind) external view returns (uint256 rateBps, uint256 vesting, uint256 capacity) {
        Terms memory t = _terms[kind];
        return (t.rateBps, t.vesting, t.capacity);
    }

    /// @notice Bond `id` with its vested and redeemable amounts.
    /// @param id the bond
    /// @return info owner, kind, start, vesting, payout, redeemed, redeemable and vested
    function getBond(uint256 id) public view returns (BondInfo memory info) {
        Bond memory b = _bonds[id];
        if (b.owner == address(0)) revert FrontUnknownBond(id);
        uint256 vested = _vested(b);
        info = BondInfo({
            id: id,
            owner: b.owner,
            kind: b.kind,
            start: b.start,
            vesting: b.vesting,
            payout: b.payout,
            redeemed: b.redeemed,
            redeemable: vested - b.redeemed,
            vested: vested
        });
    }

    /// @notice Ids of `user`'s bonds, newest first.
    /// @param user the bond's owner
    /// @return ids bond ids, newest first
    function bondIdsOf(address user) public view returns (uint256[] memory ids) {
        Account memory a = _accounts[user];
        ids = new uint256[](a.bondCount);
        uint256 id = a.lastBondId;
        for (uint256 i = 0; i < ids.length; ++i) {
            ids[i] = id;
            id = _bonds[id].prevId;
        }
    }

    /// @notice `user`'s bonds, newest first.
    /// @param user the bond's owner
    /// @return bonds the bonds, newest first
    function getBonds(address user) external view returns (BondInfo[] memory bonds) {
        uint256[] memory ids = bondIdsOf(user);
        bonds = new BondInfo[](ids.length);
        for (uint256 i = 0; i < ids.length; ++i) bonds[i] = getBond(ids[i]);
    }

    /// @notice Number of bonds ever sold (ids run from 1 to this).
    function bondCount() external view returns (uint256) {
        return _lastBondId;
    }

    /// @dev Takes `payout` from `kind`'s capacity and records the caller's new bond.
    function _record(BondKind kind, uint256 payout) internal returns (uint256 id) {
        Terms storage t = _terms[kind];
        uint256 capacity = t.capacity;
        if (payout > capacity) revert FrontCapacityExceeded(kind, payout, capacity);
        // Checked just above: the payout does not exceed the capacity.
        unchecked {
            t.capacity = uint128(capacity - payout);
        }
        Account storage a = _accounts[msg.sender];
        id = ++_lastBondId;
        _bonds[id] = Bond({
            owner: msg.sender,
            kind: kind,
            start: uint40(block.timestamp),
            vesting: t.vesting,
            payout: payout.toUint112(),
            redeemed: 0,
            prevId: a.lastBondId
        });
        a.lastBondId = uint32(id);
        a.bondCount += 1;
    }

    /// @dev Marks what bond `id` (the caller's) has vested since its last redemption as redeemed.
    function _redeem(uint256 id) internal returns (uint256 amount) {
        Bond storage b = _bonds[id];
        if (b.owner == address(0)) revert FrontUnknownBond(id);
        if (b.owner != msg.sender) revert FrontNotBondOwner(id, msg.sender);
        amount = _vested(b) - b.redeemed;
        if (amount == 0) revert FrontNothingToRedeem(id);
        b.redeemed += uint112(amount);
        emit BondRedeemed(msg.sender, id, amount);
    }

    function _vested(Bond memory b) private view returns (uint256) {
        uint256 elapsed = block.timestamp - b.start;
        if (elapsed >= b.vesting) return b.payout;
        return (uint256(b.payout) * elapsed) / b.vesting;
    }
}
