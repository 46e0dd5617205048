/** Game.RoundState. */
export const RoundState = { NotStart: 0, Joining: 1, DrawingWinner: 2, Drawn: 3, Cancelled: 4 } as const;
export type RoundStateName = "notStart" | "joining" | "drawingWinner" | "drawn" | "cancelled";
export const ROUND_STATE_NAMES: readonly RoundStateName[] = ["notStart", "joining", "drawingWinner", "drawn", "cancelled"];

/** Game.DRAW_TIMEOUT: seconds after a draw request (or an end without one) before a round may be cancelled. */
export const DRAW_TIMEOUT = 86_400n;

/** Round status in the history: Success once drawn, Pending before, Cancelled when cancelled. */
export function historyStatus(state: number): "success" | "pending" | "cancelled" {
  return state === RoundState.Drawn ? "success" : state === RoundState.Cancelled ? "cancelled" : "pending";
}

export type DrawStatus = "open" | "awaitingRequest" | "awaitingWord" | "timedOut" | "fulfilled" | "cancelled";

/**
 * Where a round's VRF draw stands: open (still joining), waiting for someone to request the draw,
 * waiting for the coordinator's word, timed out (anyone may cancel it and every entry is
 * refunded), drawn with the word, or cancelled. `now` is the chain time in seconds.
 */
export function drawStatus(
  round: { state: number; endTime: bigint; requestId: bigint; requestedAt: bigint },
  now: bigint,
): DrawStatus {
  if (round.state === RoundState.Drawn) return "fulfilled";
  if (round.state === RoundState.Cancelled) return "cancelled";
  if (round.state !== RoundState.DrawingWinner) return "open";
  const waitingSince = round.requestId === 0n ? round.endTime : round.requestedAt;
  if (now > waitingSince + DRAW_TIMEOUT) return "timedOut";
  return round.requestId === 0n ? "awaitingRequest" : "awaitingWord";
}

/** A uint256 in decimal, its middle elided when long (VRF request ids have up to 78 digits). */
export function shortDecimal(value: bigint): string {
  const text = value.toString();
  return text.length <= 16 ? text : `${text.slice(0, 8)}…${text.slice(-6)}`;
}
