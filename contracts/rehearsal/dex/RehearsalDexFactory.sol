// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IRehearsalDexErrors} from "./IRehearsalDexErrors.sol";
import {IRehearsalDexPairDeployer, RehearsalDexPair} from "./RehearsalDexPair.sol";

/// @title RehearsalDexFactory
/// @notice Creates the rehearsal DEX's pairs, one per pair of tokens, at addresses anyone can
/// compute: CREATE2 from this factory with salt keccak256(token0, token1) and the pair's
/// creation code, whose hash `INIT_CODE_PAIR_HASH` gives (PancakeSwap's factory answers the
/// same name). The router and the protocol's deploy find pairs by it without asking.
///
/// Anyone may create a pair, as on PancakeSwap. There is no protocol fee, hence no `feeTo` or
/// `feeToSetter`: the factory has no owner and nothing to govern.
contract RehearsalDexFactory is IRehearsalDexErrors, IRehearsalDexPairDeployer {
    /// @notice keccak256 of the pair's creation code: with the factory's address and the salt,
    /// where every pair lives.
    bytes32 public constant INIT_CODE_PAIR_HASH = keccak256(type(RehearsalDexPair).creationCode);

    /// @notice The pair of two tokens, under both orders; address(0) when there is none.
    mapping(address tokenA => mapping(address tokenB => address pair)) public getPair;
    /// @notice Every pair, in the order created.
    address[] public allPairs;

    // The tokens of the pair being created, for its constructor to ask (`pairTokens`): passing
    // them as constructor arguments would change the creation code, and with it the hash, per pair.
    address private transient _creating0;
    address private transient _creating1;

    /// @notice Emitted when a pair was created.
    /// @param token0 the lower token address
    /// @param token1 the higher token address
    /// @param pair the new pair
    /// @param pairs how many pairs exist now
    event PairCreated(address indexed token0, address indexed token1, address pair, uint256 pairs);

    /// @notice Creates the pair of `tokenA` and `tokenB` (in either order).
    /// @param tokenA one token
    /// @param tokenB the other token
    /// @return pair the new pair's address
    function createPair(address tokenA, address tokenB) external returns (address pair) {
        if (tokenA == tokenB) revert RehearsalDexFactoryIdenticalTokens(tokenA);
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        if (token0 == address(0)) revert RehearsalDexFactoryZeroAddress();
        address existing = getPair[token0][token1];
        if (existing != address(0)) revert RehearsalDexFactoryPairExists(existing);
        (_creating0, _creating1) = (token0, token1);
        pair = address(new RehearsalDexPair{salt: keccak256(abi.encodePacked(token0, token1))}());
        (_creating0, _creating1) = (address(0), address(0));
        getPair[token0][token1] = pair;
        getPair[token1][token0] = pair;
        allPairs.push(pair);
        emit PairCreated(token0, token1, pair, allPairs.length);
    }

    /// @notice How many pairs exist.
    /// @return the length of `allPairs`
    function allPairsLength() external view returns (uint256) {
        return allPairs.length;
    }

    /// @inheritdoc IRehearsalDexPairDeployer
    /// @dev Only meaningful while `createPair` runs; (0, 0) at any other time.
    function pairTokens() external view returns (address token0, address token1) {
        return (_creating0, _creating1);
    }
}
