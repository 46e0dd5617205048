// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

// Brings Chainlink's VRF v2.5 coordinator mock into the build, so that the deploy can put it on
// the local chain (31337 only: scripts/protocol/vrf.ts) and the lottery keeper can fulfil draws
// through it. Any other chain uses Chainlink's real coordinator, configured by address.
// solhint-disable-next-line no-unused-import
import {VRFCoordinatorV2_5Mock} from "@chainlink/contracts/src/v0.8/vrf/mocks/VRFCoordinatorV2_5Mock.sol";
