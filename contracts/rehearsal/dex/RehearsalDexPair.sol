// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IRehearsalDexErrors} from "./IRehearsalDexErrors.sol";
import {IRehearsalDexReserves, RehearsalDexLibrary} from "./RehearsalDexLibrary.sol";

/// @title IRehearsalDexPairDeployer
/// @notice What a pair asks the contract creating it: the two tokens it is for.
interface IRehearsalDexPairDeployer {
    /// @notice The tokens of the pair being created, lower address first.
    /// @return token0 the lower address
    /// @return token1 the higher address
    function pairTokens() external view returns (address token0, address token1);
}

/// @title RehearsalDexPair
/// @notice One pool of the rehearsal's DEX: a constant-product market between two tokens (the
/// design of Uniswap V2's whitepaper) with PancakeSwap V2's 0.25 % fee, whose LP token this is.
///
/// The pair does its own accounting against its balances: callers transfer tokens in first and
/// then call `mint` or `swap`, which take as input whatever the balances exceed the reserves by.
/// The router does that for users; the reserves change only here, in `_update`, which also adds
/// to the cumulative prices the protocol's TWAP oracle reads.
///
/// Compared with PancakeSwap's pair: no flash swaps (`swap` refuses callback data), no protocol
/// fee (the whole fee stays with the liquidity), no `permit`; its tokens are immutable, given by
/// the factory while creating it, so the creation code takes no arguments and its hash alone
/// locates every pair.
contract RehearsalDexPair is ERC20, ReentrancyGuardTransient, IRehearsalDexErrors, IRehearsalDexReserves {
    using SafeERC20 for IERC20;

    /// @notice LP tokens locked on the first mint: the supply never falls back to zero, so no
    /// later depositor can be made to pay for a share inflated by one tiny first deposit.
    uint256 public constant MINIMUM_LIQUIDITY = 1000;

    /// @dev Holds the locked `MINIMUM_LIQUIDITY`: OpenZeppelin's ERC20 refuses to mint to
    /// address(0), and nobody holds this address's key.
    address private constant LOCKED = 0x000000000000000000000000000000000000dEaD;
    uint256 private constant Q112 = 2 ** 112;

    /// @notice The factory that created this pair.
    address public immutable factory;
    /// @notice The token with the lower address.
    address public immutable token0;
    /// @notice The token with the higher address.
    address public immutable token1;

    // One storage slot, as the whitepaper lays them out: read and written together on every trade.
    uint112 private _reserve0;
    uint112 private _reserve1;
    uint32 private _blockTimestampLast;

    /// @notice Σ (reserve1 / reserve0 as UQ112x112) × seconds it held: token0's price in token1,
    /// summed over time. It wraps around 2**256 by design: only differences mean anything.
    uint256 public price0CumulativeLast;
    /// @notice Σ (reserve0 / reserve1 as UQ112x112) × seconds: token1's price in token0.
    uint256 public price1CumulativeLast;

    /// @notice Emitted when liquidity was added.
    /// @param sender who called `mint`
    /// @param amount0 token0 added
    /// @param amount1 token1 added
    event Mint(address indexed sender, uint256 amount0, uint256 amount1);
    /// @notice Emitted when liquidity was removed.
    /// @param sender who called `burn`
    /// @param amount0 token0 paid out
    /// @param amount1 token1 paid out
    /// @param to who received them
    event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to);
    /// @notice Emitted on every swap.
    /// @param sender who called `swap`
    /// @param amount0In token0 that came in
    /// @param amount1In token1 that came in
    /// @param amount0Out token0 paid out
    /// @param amount1Out token1 paid out
    /// @param to who received the output
    event Swap(
        address indexed sender,
        uint256 amount0In,
        uint256 amount1In,
        uint256 amount0Out,
        uint256 amount1Out,
        address indexed to
    );
    /// @notice Emitted whenever the reserves were set.
    /// @param reserve0 the new reserve of token0
    /// @param reserve1 the new reserve of token1
    event Sync(uint112 reserve0, uint112 reserve1);

    /// @notice Created by the factory (with CREATE2), which it asks for its tokens.
    constructor() ERC20("Rehearsal DEX LP", "RDEX-LP") {
        factory = msg.sender;
        (address first, address second) = IRehearsalDexPairDeployer(msg.sender).pairTokens();
        token0 = first;
        token1 = second;
    }

    /// @inheritdoc IRehearsalDexReserves
    function getReserves() public view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast) {
        return (_reserve0, _reserve1, _blockTimestampLast);
    }

    /// @notice Adds liquidity: mints LP tokens for the tokens transferred in since the last
    /// update, in proportion to the pool (the smaller of the two shares, so an unbalanced
    /// deposit gives its excess to the pool). The first mint gives √(amount0·amount1), less
    /// `MINIMUM_LIQUIDITY`, which is locked.
    /// @param to who receives the LP tokens
    /// @return liquidity the LP tokens minted to `to`
    function mint(address to) external nonReentrant returns (uint256 liquidity) {
        (uint112 reserve0, uint112 reserve1, ) = getReserves();
        (uint256 balance0, uint256 balance1) = _balances();
        _checkFits(balance0, balance1); // before the products below, which it bounds
        uint256 amount0 = balance0 - reserve0;
        uint256 amount1 = balance1 - reserve1;
        uint256 supply = totalSupply();
        if (supply == 0) {
            uint256 root = Math.sqrt(amount0 * amount1);
            if (root <= MINIMUM_LIQUIDITY) revert RehearsalDexPairInsufficientLiquidityMinted();
            liquidity = root - MINIMUM_LIQUIDITY;
            _mint(LOCKED, MINIMUM_LIQUIDITY);
        } else {
            liquidity = Math.min((amount0 * supply) / reserve0, (amount1 * supply) / reserve1);
        }
        if (liquidity == 0) revert RehearsalDexPairInsufficientLiquidityMinted();
        _mint(to, liquidity);
        _update(balance0, balance1, reserve0, reserve1);
        emit Mint(msg.sender, amount0, amount1);
    }

    /// @notice Removes liquidity: burns the LP tokens transferred to the pair and pays out their
    /// share of both balances (balances, not reserves: what was sent without a sync goes along).
    /// @param to who receives the tokens
    /// @return amount0 token0 paid out
    /// @return amount1 token1 paid out
    function burn(address to) external nonReentrant returns (uint256 amount0, uint256 amount1) {
        (uint112 reserve0, uint112 reserve1, ) = getReserves();
        (uint256 balance0, uint256 balance1) = _balances();
        uint256 liquidity = balanceOf(address(this));
        if (liquidity == 0) revert RehearsalDexPairInsufficientLiquidityBurned();
        uint256 supply = totalSupply();
        amount0 = (liquidity * balance0) / supply;
        amount1 = (liquidity * balance1) / supply;
        if (amount0 == 0 || amount1 == 0) revert RehearsalDexPairInsufficientLiquidityBurned();
        _burn(address(this), liquidity);
        IERC20(token0).safeTransfer(to, amount0);
        IERC20(token1).safeTransfer(to, amount1);
        (balance0, balance1) = _balances();
        _update(balance0, balance1, reserve0, reserve1);
        emit Burn(msg.sender, amount0, amount1, to);
    }

    /// @notice Pays out `amount0Out` and `amount1Out` to `to` against what was transferred in
    /// since the last update; refuses unless the balances, each less 0.25 % of its input, keep
    /// at least the product of the reserves: (b0·10000 − in0·25)·(b1·10000 − in1·25) ≥ r0·r1·10000².
    /// @param amount0Out token0 to pay out
    /// @param amount1Out token1 to pay out
    /// @param to who receives the output (not one of the pair's tokens)
    /// @param data must be empty: no flash swaps here
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external nonReentrant {
        if (data.length != 0) revert RehearsalDexPairFlashSwapUnsupported();
        if (amount0Out == 0 && amount1Out == 0) revert RehearsalDexPairInsufficientOutputAmount();
        (uint112 reserve0, uint112 reserve1, ) = getReserves();
        if (amount0Out >= reserve0 || amount1Out >= reserve1) revert RehearsalDexPairInsufficientLiquidity();
        if (to == token0 || to == token1) revert RehearsalDexPairInvalidTo(to);
        // Out first, then measure what came in: the balances after both are what the check sees.
        if (amount0Out > 0) IERC20(token0).safeTransfer(to, amount0Out);
        if (amount1Out > 0) IERC20(token1).safeTransfer(to, amount1Out);
        (uint256 balance0, uint256 balance1) = _balances();
        uint256 amount0In = _inflow(balance0, reserve0, amount0Out);
        uint256 amount1In = _inflow(balance1, reserve1, amount1Out);
        if (amount0In == 0 && amount1In == 0) revert RehearsalDexPairInsufficientInputAmount();
        _checkFits(balance0, balance1);
        _checkInvariant(_lessFee(balance0, amount0In), _lessFee(balance1, amount1In), reserve0, reserve1);
        _update(balance0, balance1, reserve0, reserve1);
        emit Swap(msg.sender, amount0In, amount1In, amount0Out, amount1Out, to);
    }

    /// @notice Sends whatever the balances exceed the reserves by to `to`: a way out for tokens
    /// sent by mistake (or a balance that would not fit 112 bits) without moving the price.
    /// @param to who receives the excess
    function skim(address to) external nonReentrant {
        (uint256 balance0, uint256 balance1) = _balances();
        IERC20(token0).safeTransfer(to, balance0 - _reserve0);
        IERC20(token1).safeTransfer(to, balance1 - _reserve1);
    }

    /// @notice Sets the reserves to the balances: for a token whose balances change by
    /// themselves, or tokens sent without a call. Adds to the cumulative prices first.
    function sync() external nonReentrant {
        (uint256 balance0, uint256 balance1) = _balances();
        _update(balance0, balance1, _reserve0, _reserve1);
    }

    /// @dev The pair's present balances of its two tokens.
    function _balances() private view returns (uint256 balance0, uint256 balance1) {
        balance0 = IERC20(token0).balanceOf(address(this));
        balance1 = IERC20(token1).balanceOf(address(this));
    }

    /// @dev What came in of one token during a swap: how far its balance ends above the reserve
    /// less what was paid out of it (0 when below).
    function _inflow(uint256 balance, uint256 reserve, uint256 amountOut) private pure returns (uint256) {
        uint256 left = reserve - amountOut;
        return balance > left ? balance - left : 0;
    }

    /// @dev A balance in basis points less the fee on what came in: balance·10000 − amountIn·25.
    function _lessFee(uint256 balance, uint256 amountIn) private pure returns (uint256) {
        return balance * RehearsalDexLibrary.BPS - amountIn * RehearsalDexLibrary.FEE_BPS;
    }

    /// @dev Both balances must fit the reserves' 112 bits (which also bounds the products below).
    function _checkFits(uint256 balance0, uint256 balance1) private pure {
        if (balance0 > type(uint112).max || balance1 > type(uint112).max)
            revert RehearsalDexPairOverflow(balance0, balance1);
    }

    /// @dev The constant-product check in basis points (both sides scaled by 10000²): below 2**252
    /// for reserves and balances under 2**112, so no overflow.
    function _checkInvariant(uint256 adjusted0, uint256 adjusted1, uint112 reserve0, uint112 reserve1) private pure {
        uint256 bps = RehearsalDexLibrary.BPS;
        if (adjusted0 * adjusted1 < uint256(reserve0) * reserve1 * bps * bps) revert RehearsalDexPairInvariant();
    }

    /// @dev Sets the reserves to the balances, after adding to each cumulative price the price
    /// that held since the last update times the seconds it held (the whitepaper's oracle):
    /// the reserves *before* this block's first trade, so a price set within a block never
    /// counts for that block. Timestamps are kept modulo 2**32.
    function _update(uint256 balance0, uint256 balance1, uint112 reserve0, uint112 reserve1) private {
        _checkFits(balance0, balance1);
        uint32 blockTimestamp = uint32(block.timestamp % 2 ** 32);
        unchecked {
            // Wrapping is intended: the elapsed time is right across the uint32 wrap, and the
            // sums overflow by design (readers take differences, which wrap the same way).
            // Each product stays below 2**256: a UQ112x112 price is under 2**224, elapsed under 2**32.
            uint32 elapsed = blockTimestamp - _blockTimestampLast;
            if (elapsed > 0 && reserve0 != 0 && reserve1 != 0) {
                price0CumulativeLast += ((uint256(reserve1) * Q112) / reserve0) * elapsed;
                price1CumulativeLast += ((uint256(reserve0) * Q112) / reserve1) * elapsed;
            }
        }
        _reserve0 = uint112(balance0);
        _reserve1 = uint112(balance1);
        _blockTimestampLast = blockTimestamp;
        emit Sync(uint112(balance0), uint112(balance1));
    }
}
