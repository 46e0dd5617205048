// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {VRFConsumerBaseV2Plus} from "@chainlink/contracts/src/v0.8/vrf/dev/VRFConsumerBaseV2Plus.sol";
import {VRFV2PlusClient} from "@chainlink/contracts/src/v0.8/vrf/dev/libraries/VRFV2PlusClient.sol";
import {IRandomnessReceiver} from "../interfaces/IRandomnessReceiver.sol";
import {IRandomnessSource} from "../interfaces/IRandomnessSource.sol";
import {ILotteryRandomnessErrors} from "../interfaces/ILotteryRandomnessErrors.sol";
import {ProtocolRoles} from "../access/ProtocolRoles.sol";

/// @title LotteryRandomness
/// @notice The lottery's Chainlink VRF v2.5 consumer: `Game` (and only `Game`) asks it for one
/// random word per draw; Chainlink's coordinator answers in a later transaction with a word it
/// proves on chain, and this contract hands the word to `Game`. It keeps Chainlink's ownership
/// (ConfirmedOwner) out of `Game`, which keeps its own roles.
///
/// Nobody can move the coordinator. `VRFConsumerBaseV2Plus` inherits Chainlink's
/// `ConfirmedOwner` and lets its owner call `setCoordinator` (Chainlink's migration hook, not
/// overridable): an owner who saw a fulfilment it disliked in the mempool could point the
/// consumer elsewhere first, the coordinator's callback would then fail, and the round would end
/// in the timeout's refund, a veto. So the consumer owns itself: the constructor proposes it as
/// the owner and `seal()` (the deploy calls it; anyone may) completes the hand-over; no function
/// of ours acts as the owner, so no one can call `setCoordinator` or move the ownership again,
/// and no word is requested before that. The VRF terms are ours, set by `TERMS_ROLE` like every
/// other contract's terms. Moving to another coordinator means a new consumer, which `Game`
/// accepts only between rounds.
///
/// The callback never reverts on a word `Game` refuses (a request whose round was cancelled
/// after the draw timeout): it records the refusal in an event instead, as Chainlink asks of
/// `fulfillRandomWords`.
contract LotteryRandomness is ILotteryRandomnessErrors, ProtocolRoles, VRFConsumerBaseV2Plus, IRandomnessSource {
    /// @notice How requests are made: the VRF key (gas lane), the subscription that pays, the gas
    /// the callback may use, the blocks the coordinator waits, and payment in the native coin
    /// instead of LINK.
    struct VrfTerms {
        bytes32 keyHash;
        uint256 subscriptionId;
        uint32 callbackGasLimit;
        uint16 requestConfirmations;
        bool nativePayment;
    }

    /// @notice Least gas the callback may be given: `Game.fulfillRandomness` with its winner search
    /// and this contract's forwarding stay well below it (docs/gas.md).
    uint32 public constant MIN_CALLBACK_GAS_LIMIT = 200_000;

    IRandomnessReceiver private immutable _game;
    address private immutable _coordinator;
    VrfTerms private _terms;

    /// @notice Emitted when the consumer became its own owner: from now on no one can move its
    /// coordinator.
    event Sealed();
    /// @notice Emitted when `TERMS_ROLE` set the terms of the next requests.
    /// @param keyHash the VRF key (gas lane)
    /// @param subscriptionId the subscription that pays
    /// @param callbackGasLimit gas the callback may use
    /// @param requestConfirmations blocks the coordinator waits
    /// @param nativePayment pay in the native coin instead of LINK
    event VrfTermsSet(
        bytes32 keyHash,
        uint256 subscriptionId,
        uint32 callbackGasLimit,
        uint16 requestConfirmations,
        bool nativePayment
    );
    /// @notice Emitted when `Game` asked for a word and the coordinator took request `requestId`.
    /// @param requestId the coordinator's request
    event RandomnessRequested(uint256 indexed requestId);
    /// @notice Emitted when the word of request `requestId` reached `Game`.
    /// @param requestId the coordinator's request
    /// @param word the random word
    event RandomnessDelivered(uint256 indexed requestId, uint256 word);
    /// @notice Emitted when `Game` refused the word of request `requestId` (`reason` is its revert data).
    /// @param requestId the coordinator's request
    /// @param reason `Game`'s revert data
    event RandomnessRefused(uint256 indexed requestId, bytes reason);

    /// @notice The deployer receives `DEFAULT_ADMIN_ROLE` and `TERMS_ROLE`; Chainlink's ownership
    /// is proposed to the consumer itself (see `seal`).
    /// @param coordinator_ Chainlink's VRF v2.5 coordinator (the mock on the local chain)
    /// @param game_ the `Game` that requests words and receives them
    /// @param terms_ how requests are made
    constructor(
        address coordinator_,
        address game_,
        VrfTerms memory terms_
    ) ProtocolRoles(msg.sender) VRFConsumerBaseV2Plus(coordinator_) {
        if (game_ == address(0)) revert LotteryRandomnessZeroAddress();
        _game = IRandomnessReceiver(game_);
        _coordinator = coordinator_;
        _setTerms(terms_);
        transferOwnership(address(this));
    }

    /// @notice Completes the hand-over of Chainlink's ownership to the consumer itself (proposed
    /// by the constructor), after which no one can call `setCoordinator` or transfer the
    /// ownership; anyone may call it, once. Words are requested only after it.
    function seal() external {
        if (owner() == address(this)) revert LotteryRandomnessAlreadySealed();
        // Fails only when the deployer proposed another owner before the seal.
        try this.acceptOwnership() {
            emit Sealed();
        } catch {
            revert LotteryRandomnessOwnershipMoved();
        }
    }

    /// @notice Whether the consumer owns itself (see `seal`).
    function isSealed() public view returns (bool) {
        return owner() == address(this);
    }

    /// @notice Requests one random word from the coordinator; only `Game` may ask.
    /// @return requestId the coordinator's request (never 0)
    function requestRandomness() external returns (uint256 requestId) {
        if (msg.sender != address(_game)) revert LotteryRandomnessNotGame(msg.sender);
        if (!isSealed()) revert LotteryRandomnessNotSealed();
        _requireOwnCoordinator();
        VrfTerms memory t = _terms;
        requestId = s_vrfCoordinator.requestRandomWords(
            VRFV2PlusClient.RandomWordsRequest({
                keyHash: t.keyHash,
                subId: t.subscriptionId,
                requestConfirmations: t.requestConfirmations,
                callbackGasLimit: t.callbackGasLimit,
                numWords: 1,
                extraArgs: VRFV2PlusClient._argsToBytes(VRFV2PlusClient.ExtraArgsV1({nativePayment: t.nativePayment}))
            })
        );
        emit RandomnessRequested(requestId);
    }

    /// @notice Sets the terms of the next requests; only for `TERMS_ROLE` (a request already made
    /// keeps its terms).
    /// @param terms_ key hash, subscription, callback gas limit, confirmations, payment
    function setTerms(VrfTerms calldata terms_) external onlyRole(TERMS_ROLE) {
        _setTerms(terms_);
    }

    /// @notice The terms of the next requests.
    function terms() external view returns (VrfTerms memory) {
        return _terms;
    }

    /// @notice The `Game` this consumer serves.
    function game() external view returns (address) {
        return address(_game);
    }

    /// @notice The coordinator fixed at deployment.
    function coordinator() external view returns (address) {
        return _coordinator;
    }

    /// @dev Called by `rawFulfillRandomWords` once the base contract has checked that the
    /// coordinator sent it. Hands the word to `Game`; a refusal is recorded, not re-thrown, so the
    /// coordinator's callback succeeds either way.
    function fulfillRandomWords(uint256 requestId, uint256[] calldata randomWords) internal override {
        _requireOwnCoordinator();
        uint256 word = randomWords[0];
        try _game.fulfillRandomness(requestId, word) {
            emit RandomnessDelivered(requestId, word);
        } catch (bytes memory reason) {
            emit RandomnessRefused(requestId, reason);
        }
    }

    function _requireOwnCoordinator() private view {
        if (address(s_vrfCoordinator) != _coordinator) revert LotteryRandomnessCoordinatorChanged(address(s_vrfCoordinator));
    }

    function _setTerms(VrfTerms memory terms_) private {
        if (terms_.keyHash == bytes32(0) || terms_.subscriptionId == 0 || terms_.callbackGasLimit < MIN_CALLBACK_GAS_LIMIT) {
            revert LotteryRandomnessInvalidTerms();
        }
        _terms = terms_;
        emit VrfTermsSet(
            terms_.keyHash,
            terms_.subscriptionId,
            terms_.callbackGasLimit,
            terms_.requestConfirmations,
            terms_.nativePayment
        );
    }
}
