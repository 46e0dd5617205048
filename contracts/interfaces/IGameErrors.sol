// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {RoundState} from "../game/GameTypes.sol";

/// @title IGameErrors
/// @notice The errors of `Game` (recharge, game balances and the lottery).
interface IGameErrors {
    /// @notice `token` is not allowed for recharge, deposits or the lottery.
    error GameTokenNotAllowed(address token);

    /// @notice An amount (or number of entries) that must be positive was 0, or Auto Join asked
    /// for more entries than a round can count.
    error GameZeroAmount();

    /// @notice An address that must be set was address(0).
    error GameZeroAddress();

    /// @notice The game balance, `balance`, is below the `needed` amount.
    error GameInsufficientBalance(uint256 balance, uint256 needed);

    /// @notice Sweeping `amount` would take from players' balances or jackpots: only `free` is free.
    error GameSweepExceedsFree(uint256 amount, uint256 free);

    /// @notice No lottery token is set, so no round can start.
    error GameNoLotteryToken();

    /// @notice Round times or ticket price out of order (end not after start and now, or a free ticket).
    error GameInvalidRound();

    /// @notice Round `round` is neither drawn nor cancelled yet.
    error GameRoundInProgress(uint256 round);

    /// @notice No round has id `round`.
    error GameUnknownRound(uint256 round);

    /// @notice Round `round` is not taking entries: it is in `state`.
    error GameNotJoining(uint256 round, RoundState state);

    /// @notice Round `round` ends only at `endTime`.
    error GameRoundNotEnded(uint256 round, uint256 endTime);

    /// @notice Round `round` has no entries to draw from.
    error GameNoEntries(uint256 round);

    /// @notice Round `round` asked for its word already.
    error GameDrawAlreadyRequested(uint256 round);

    /// @notice No randomness source is set, so no round could be drawn.
    error GameNoRandomnessSource();

    /// @notice `caller` is not the randomness source: only it delivers words.
    error GameNotRandomnessSource(address caller);

    /// @notice The randomness source answered request id `requestId`, which is 0 or taken.
    error GameInvalidRequestId(uint256 requestId);

    /// @notice No round made request `requestId`.
    error GameUnknownRequest(uint256 requestId);

    /// @notice Round `round` is drawn or cancelled already.
    error GameRoundClosed(uint256 round);

    /// @notice Round `round` cannot be cancelled yet: it has entries and its draw timeout has not passed.
    error GameCannotCancel(uint256 round);

    /// @notice Round `round` was not cancelled, so nothing is refunded.
    error GameNotCancelled(uint256 round);

    /// @notice `player` has no entries of round `round` left to refund.
    error GameNothingToRefund(uint256 round, address player);

    /// @notice A jackpot fee above `MAX_FEE_BPS`.
    error GameInvalidFee(uint256 feeBps);

    /// @notice A nickname longer than 32 bytes.
    error GameNicknameTooLong();
}
