// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {VRFConsumerBaseV2Plus} from "@chainlink/contracts/src/v0.8/vrf/dev/VRFConsumerBaseV2Plus.sol";
import {VRFV2PlusClient} from "@chainlink/contracts/src/v0.8/vrf/dev/libraries/VRFV2PlusClient.sol";
import {IRandomnessReceiver} from "../interfaces/IRandomnessReceiver.sol";
import {IRandomnessSource} from "../interfaces/IRandomnessSource.sol";
import {ILotteryRandomnessErrors} from "../interfaces/ILotteryRandomnessErrors.sol";

/// @title LotteryRandomness
/// @notice The lottery's Chainlink VRF v2.5 consumer: `Game` (and only `Game`) asks it for one
/// random word per draw; Chainlink's coordinator answers in a later transaction with a word it
/// proves on chain, and this contract hands the word to `Game`. It keeps Chainlink's ownership
/// (ConfirmedOwner: the VRF terms) out of `Game`, which keeps its own roles. This is the one
/// contract of ours with an owner instead of `AccessControl` roles: `VRFConsumerBaseV2Plus`
/// inherits Chainlink's `ConfirmedOwner` and guards its own `setCoordinator` with that owner.
///
/// The coordinator is fixed at deployment: `setCoordinator` (Chainlink's migration hook) still
/// exists in the base contract, but a consumer pointed elsewhere refuses to request or deliver, so
/// no one can route a draw through a coordinator of their own. Moving to another coordinator means
/// a new consumer, which `Game` accepts only between rounds.
///
/// The callback never reverts on a word `Game` refuses (a request whose round was cancelled
/// after the draw timeout): it records the refusal in an event instead, as Chainlink asks of
/// `fulfillRandomWords`.
contract LotteryRandomness is ILotteryRandomnessErrors, VRFConsumerBaseV2Plus, IRandomnessSource {
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

    /// @notice Emitted when the owner set the terms of the next requests.
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

    /// @param coordinator_ Chainlink's VRF v2.5 coordinator (the mock on the local chain)
    /// @param game_ the `Game` that requests words and receives them
    /// @param terms_ how requests are made
    constructor(address coordinator_, address game_, VrfTerms memory terms_) VRFConsumerBaseV2Plus(coordinator_) {
        if (game_ == address(0)) revert LotteryRandomnessZeroAddress();
        _game = IRandomnessReceiver(game_);
        _coordinator = coordinator_;
        _setTerms(terms_);
    }

    /// @notice Requests one random word from the coordinator; only `Game` may ask.
    /// @return requestId the coordinator's request (never 0)
    function requestRandomness() external returns (uint256 requestId) {
        if (msg.sender != address(_game)) revert LotteryRandomnessNotGame(msg.sender);
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

    /// @notice Sets the terms of the next requests; only the owner (a request already made keeps
    /// its terms).
    /// @param terms_ key hash, subscription, callback gas limit, confirmations, payment
    function setTerms(VrfTerms calldata terms_) external onlyOwner {
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
