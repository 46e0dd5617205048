// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice A lottery round's state: Not Start → Joining (between its start and end time) →
/// Drawing Winner (after its end) → Drawn, or Cancelled.
enum RoundState {
    NotStart,
    Joining,
    DrawingWinner,
    Drawn,
    Cancelled
}
