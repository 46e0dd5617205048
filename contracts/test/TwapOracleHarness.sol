// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IUniswapV2Pair} from "@uniswap/v2-core/contracts/interfaces/IUniswapV2Pair.sol";
import {UniswapV2TwapOracle} from "../oracle/UniswapV2TwapOracle.sol";

/// @title An average on any Uniswap V2 pair, for tests
/// @notice `UniswapV2TwapOracle` alone, with the same `update`/`twapObservation` functions as
/// Front: the server's keeper tests observe it on a chain without the protocol. Anyone may set
/// its terms. Never deployed by scripts/deploy.ts.
contract TwapOracleHarness is UniswapV2TwapOracle {
    constructor(IUniswapV2Pair pair, address base, TwapTerms memory terms) UniswapV2TwapOracle(pair, base, terms) {}

    /// @notice The average a use would apply now (UQ112x112).
    function average() external view returns (uint256) {
        (uint256 baseReserve, uint256 quoteReserve, uint32 pairTimestamp) = _pairReserves();
        return _twapView(baseReserve, quoteReserve, pairTimestamp);
    }

    function _authorizeTwapTerms() internal view override {}
}
