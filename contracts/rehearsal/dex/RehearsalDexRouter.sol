// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {IRehearsalDexErrors} from "./IRehearsalDexErrors.sol";
import {RehearsalDexFactory} from "./RehearsalDexFactory.sol";
import {RehearsalDexLibrary} from "./RehearsalDexLibrary.sol";
import {RehearsalDexPair} from "./RehearsalDexPair.sol";
import {RehearsalWbnb} from "./RehearsalWbnb.sol";

/// @title RehearsalDexRouter
/// @notice The rehearsal DEX's entry for users: adds liquidity at the pool's ratio and swaps
/// along a path of pairs, with minimums and a deadline, under the function names and arguments
/// of PancakeSwap V2's router (Uniswap V2's `IUniswapV2Router02`), which the protocol calls.
/// It offers the part of that interface the protocol and its app use: `addLiquidity`,
/// `addLiquidityETH`, the three exact-input swaps, and the quotes.
///
/// It holds nothing between calls: tokens go from the caller straight to the pairs. Pairs are
/// located by CREATE2 with the init-code hash read from the factory when the router is
/// deployed, so the router finds exactly the pairs its factory creates.
contract RehearsalDexRouter is IRehearsalDexErrors {
    using SafeERC20 for IERC20;

    /// @notice The factory whose pairs this router trades.
    address public immutable factory;
    /// @notice Wrapped BNB, under the name the Uniswap V2 interface gives it.
    address public immutable WETH;
    /// @notice The factory's `INIT_CODE_PAIR_HASH`: where its pairs live.
    bytes32 public immutable pairInitCodeHash;

    /// @dev Refuses a call mined after `deadline`: a transaction left waiting in the mempool
    /// must not trade at whatever price the pool has by then.
    modifier beforeDeadline(uint256 deadline) {
        if (block.timestamp > deadline) revert RehearsalDexRouterExpired(deadline);
        _;
    }

    /// @notice Binds the router to a factory and to WBNB.
    /// @param factory_ the factory
    /// @param wbnb wrapped BNB
    constructor(address factory_, address wbnb) {
        factory = factory_;
        WETH = wbnb;
        pairInitCodeHash = RehearsalDexFactory(factory_).INIT_CODE_PAIR_HASH();
    }

    /// @notice Takes BNB only from WBNB (unwrapping for `swapExactTokensForETH`): anything
    /// else sent here would be stuck.
    receive() external payable {
        if (msg.sender != WETH) revert RehearsalDexRouterUnexpectedEther(msg.sender);
    }

    /// @notice Adds liquidity to the pair of `tokenA` and `tokenB` (creating it if missing):
    /// all of one desired amount and as much of the other as the pool's ratio asks.
    /// @param tokenA one token
    /// @param tokenB the other token
    /// @param amountADesired the most of `tokenA` to add
    /// @param amountBDesired the most of `tokenB` to add
    /// @param amountAMin the least of `tokenA` to accept adding
    /// @param amountBMin the least of `tokenB` to accept adding
    /// @param to who receives the LP tokens
    /// @param deadline the last block time the call may be mined at
    /// @return amountA `tokenA` added
    /// @return amountB `tokenB` added
    /// @return liquidity LP tokens minted to `to`
    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external beforeDeadline(deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity) {
        (amountA, amountB) = _liquidityAmounts(tokenA, tokenB, amountADesired, amountBDesired, amountAMin, amountBMin);
        liquidity = _pullAndMint(tokenA, tokenB, amountA, amountB, to);
    }

    /// @notice `addLiquidity` with BNB as one side, sent with the call and wrapped; what the
    /// pool's ratio does not take is sent back.
    /// @param token the other token
    /// @param amountTokenDesired the most of `token` to add
    /// @param amountTokenMin the least of `token` to accept adding
    /// @param amountETHMin the least BNB to accept adding
    /// @param to who receives the LP tokens
    /// @param deadline the last block time the call may be mined at
    /// @return amountToken `token` added
    /// @return amountETH BNB added
    /// @return liquidity LP tokens minted to `to`
    function addLiquidityETH(
        address token,
        uint256 amountTokenDesired,
        uint256 amountTokenMin,
        uint256 amountETHMin,
        address to,
        uint256 deadline
    ) external payable beforeDeadline(deadline) returns (uint256 amountToken, uint256 amountETH, uint256 liquidity) {
        (amountToken, amountETH) = _liquidityAmounts(token, WETH, amountTokenDesired, msg.value, amountTokenMin, amountETHMin);
        address pair = _pairFor(token, WETH);
        IERC20(token).safeTransferFrom(msg.sender, pair, amountToken);
        RehearsalWbnb(payable(WETH)).deposit{value: amountETH}();
        IERC20(WETH).safeTransfer(pair, amountETH);
        liquidity = RehearsalDexPair(pair).mint(to);
        if (msg.value > amountETH) Address.sendValue(payable(msg.sender), msg.value - amountETH);
    }

    /// @notice Swaps exactly `amountIn` of `path[0]` along `path` for at least `amountOutMin`
    /// of its last token.
    /// @param amountIn the amount going in, pulled from the caller
    /// @param amountOutMin the least to accept out
    /// @param path the tokens, first in to last out
    /// @param to who receives the output
    /// @param deadline the last block time the call may be mined at
    /// @return amounts `amountIn`, then what each hop paid out
    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external beforeDeadline(deadline) returns (uint256[] memory amounts) {
        amounts = _amountsOut(amountIn, amountOutMin, path);
        IERC20(path[0]).safeTransferFrom(msg.sender, _pairFor(path[0], path[1]), amounts[0]);
        _swap(amounts, path, to);
    }

    /// @notice Swaps exactly the BNB sent (wrapped) along `path`, which starts with WBNB.
    /// @param amountOutMin the least to accept out
    /// @param path the tokens, WBNB first
    /// @param to who receives the output
    /// @param deadline the last block time the call may be mined at
    /// @return amounts the BNB sent, then what each hop paid out
    function swapExactETHForTokens(
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external payable beforeDeadline(deadline) returns (uint256[] memory amounts) {
        amounts = _amountsOut(msg.value, amountOutMin, path);
        if (path[0] != WETH) revert RehearsalDexRouterInvalidPath();
        RehearsalWbnb(payable(WETH)).deposit{value: amounts[0]}();
        IERC20(WETH).safeTransfer(_pairFor(path[0], path[1]), amounts[0]);
        _swap(amounts, path, to);
    }

    /// @notice Swaps exactly `amountIn` of `path[0]` along `path`, which ends with WBNB, and
    /// pays the output out as BNB.
    /// @param amountIn the amount going in, pulled from the caller
    /// @param amountOutMin the least BNB to accept out
    /// @param path the tokens, WBNB last
    /// @param to who receives the BNB
    /// @param deadline the last block time the call may be mined at
    /// @return amounts `amountIn`, then what each hop paid out
    function swapExactTokensForETH(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external beforeDeadline(deadline) returns (uint256[] memory amounts) {
        amounts = _amountsOut(amountIn, amountOutMin, path);
        if (path[path.length - 1] != WETH) revert RehearsalDexRouterInvalidPath();
        IERC20(path[0]).safeTransferFrom(msg.sender, _pairFor(path[0], path[1]), amounts[0]);
        _swap(amounts, path, address(this));
        uint256 amountOut = amounts[amounts.length - 1];
        RehearsalWbnb(payable(WETH)).withdraw(amountOut);
        Address.sendValue(payable(to), amountOut);
    }

    /// @notice `amountA` at the pool's ratio, without fee.
    /// @param amountA an amount of token A
    /// @param reserveA the pool's reserve of token A
    /// @param reserveB the pool's reserve of token B
    /// @return amountB as much of token B, rounded down
    function quote(uint256 amountA, uint256 reserveA, uint256 reserveB) external pure returns (uint256 amountB) {
        return RehearsalDexLibrary.quote(amountA, reserveA, reserveB);
    }

    /// @notice What one pool pays for `amountIn`, after the 0.25 % fee.
    /// @param amountIn the amount going in
    /// @param reserveIn the pool's reserve of the token going in
    /// @param reserveOut the pool's reserve of the token coming out
    /// @return amountOut amountIn·9975·reserveOut / (reserveIn·10000 + amountIn·9975)
    function getAmountOut(
        uint256 amountIn,
        uint256 reserveIn,
        uint256 reserveOut
    ) external pure returns (uint256 amountOut) {
        return RehearsalDexLibrary.getAmountOut(amountIn, reserveIn, reserveOut);
    }

    /// @notice The least input for which one pool pays `amountOut`, after the 0.25 % fee.
    /// @param amountOut the amount wanted out
    /// @param reserveIn the pool's reserve of the token going in
    /// @param reserveOut the pool's reserve of the token coming out
    /// @return amountIn the input needed
    function getAmountIn(
        uint256 amountOut,
        uint256 reserveIn,
        uint256 reserveOut
    ) external pure returns (uint256 amountIn) {
        return RehearsalDexLibrary.getAmountIn(amountOut, reserveIn, reserveOut);
    }

    /// @notice The amounts along `path` for `amountIn` in, at the pools' reserves now.
    /// @param amountIn the amount of `path[0]` going in
    /// @param path the tokens, first in to last out
    /// @return amounts `amountIn`, then what each hop would pay out
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory amounts) {
        return RehearsalDexLibrary.getAmountsOut(factory, pairInitCodeHash, amountIn, path);
    }

    /// @notice The amounts along `path` for `amountOut` of its last token.
    /// @param amountOut the amount of the last token wanted
    /// @param path the tokens, first in to last out
    /// @return amounts what each hop needs in, then `amountOut`
    function getAmountsIn(uint256 amountOut, address[] calldata path) external view returns (uint256[] memory amounts) {
        return RehearsalDexLibrary.getAmountsIn(factory, pairInitCodeHash, amountOut, path);
    }

    /// @dev The amounts to add: both desired when the pool is empty (the first deposit sets
    /// the price); else all of one side and the other at the pool's ratio, each at least its
    /// minimum. Creates the pair if there is none yet, as PancakeSwap's router does.
    function _liquidityAmounts(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin
    ) private returns (uint256, uint256) {
        RehearsalDexFactory dexFactory = RehearsalDexFactory(factory);
        if (dexFactory.getPair(tokenA, tokenB) == address(0)) dexFactory.createPair(tokenA, tokenB);
        (uint256 reserveA, uint256 reserveB) = RehearsalDexLibrary.getReserves(_pairFor(tokenA, tokenB), tokenA, tokenB);
        if (reserveA == 0 && reserveB == 0) return (amountADesired, amountBDesired);
        uint256 amountBOptimal = RehearsalDexLibrary.quote(amountADesired, reserveA, reserveB);
        if (amountBOptimal <= amountBDesired) {
            if (amountBOptimal < amountBMin) revert RehearsalDexRouterBelowMinimum(tokenB, amountBOptimal, amountBMin);
            return (amountADesired, amountBOptimal);
        }
        // Here amountADesired·reserveB > amountBDesired·reserveA, so this is below amountADesired.
        uint256 amountAOptimal = RehearsalDexLibrary.quote(amountBDesired, reserveB, reserveA);
        if (amountAOptimal < amountAMin) revert RehearsalDexRouterBelowMinimum(tokenA, amountAOptimal, amountAMin);
        return (amountAOptimal, amountBDesired);
    }

    /// @dev Moves both amounts from the caller into the pair and mints the LP tokens for them.
    function _pullAndMint(
        address tokenA,
        address tokenB,
        uint256 amountA,
        uint256 amountB,
        address to
    ) private returns (uint256 liquidity) {
        address pair = _pairFor(tokenA, tokenB);
        IERC20(tokenA).safeTransferFrom(msg.sender, pair, amountA);
        IERC20(tokenB).safeTransferFrom(msg.sender, pair, amountB);
        liquidity = RehearsalDexPair(pair).mint(to);
    }

    /// @dev The amounts along `path`, refused before any transfer when the output falls short.
    function _amountsOut(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path
    ) private view returns (uint256[] memory amounts) {
        amounts = RehearsalDexLibrary.getAmountsOut(factory, pairInitCodeHash, amountIn, path);
        uint256 amountOut = amounts[amounts.length - 1];
        if (amountOut < amountOutMin) revert RehearsalDexRouterInsufficientOutputAmount(amountOut, amountOutMin);
    }

    /// @dev Runs the swaps hop by hop, the first pair already paid: each pair pays its output
    /// straight into the next pair, the last one to `to`.
    function _swap(uint256[] memory amounts, address[] calldata path, address to) private {
        uint256 hops = path.length - 1;
        for (uint256 i = 0; i < hops; ++i) {
            (address input, address output) = (path[i], path[i + 1]);
            (address token0, ) = RehearsalDexLibrary.sortTokens(input, output);
            uint256 amountOut = amounts[i + 1];
            (uint256 amount0Out, uint256 amount1Out) = input == token0 ? (uint256(0), amountOut) : (amountOut, 0);
            address receiver = i + 1 < hops ? _pairFor(output, path[i + 2]) : to;
            RehearsalDexPair(_pairFor(input, output)).swap(amount0Out, amount1Out, receiver, "");
        }
    }

    /// @dev The pair of two tokens, by CREATE2.
    function _pairFor(address tokenA, address tokenB) private view returns (address) {
        return RehearsalDexLibrary.pairFor(factory, pairInitCodeHash, tokenA, tokenB);
    }
}
