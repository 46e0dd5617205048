// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ProtocolRoles} from "../access/ProtocolRoles.sol";
import {AggregatorV3Interface} from "../oracle/AggregatorV3Interface.sol";
import {FrontPrices} from "./FrontPrices.sol";
import {FrontBonds} from "./FrontBonds.sol";
import {FrontDashboard} from "./FrontDashboard.sol";

/// @title Front
/// @notice The bond desk and the protocol's price and dashboard reader, composed from its
/// modules: `FrontPrices` (the ETH/USD feed, the PEX-ETH pool and its time-weighted average,
/// which is also `SPEX`'s price source), `FrontBondBook` and `FrontBonds` (selling ETH and LP
/// bonds whose payouts vest linearly) and `FrontDashboard`. See docs/contracts.md for the trust
/// notes. Roles: `DEFAULT_ADMIN_ROLE` grants roles; `TERMS_ROLE` sets bond terms, the floor
/// price, the feed and the average's terms.
contract Front is FrontBonds, FrontDashboard {
    /// @param links_ the contracts the desk works with (this contract needs PEX's `MINTER_ROLE`)
    /// @param priceFeed_ the ETH/USD feed
    /// @param maxPriceAge_ seconds after which a feed answer counts as stale
    /// @param twap_ the PEX-ETH average's window, staleness limit and spot deviation bound
    /// @param initialOwner holds `DEFAULT_ADMIN_ROLE` and `TERMS_ROLE` at first
    constructor(
        Links memory links_,
        AggregatorV3Interface priceFeed_,
        uint32 maxPriceAge_,
        TwapTerms memory twap_,
        address initialOwner
    ) FrontPrices(links_, priceFeed_, maxPriceAge_, twap_) ProtocolRoles(initialOwner) {}
}
