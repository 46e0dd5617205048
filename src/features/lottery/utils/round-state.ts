/** Game.RoundState. */
export const RoundState = { NotStart: 0, Joining: 1, DrawingWinner: 2, Drawn: 3, Cancelled: 4 } as const;
export type RoundStateName = "notStart" | "joining" | "drawingWinner" | "drawn" | "cancelled";
export const ROUND_STATE_NAMES: readonly RoundStateName[] = ["notStart", "joining", "drawingWinner", "drawn", "cancelled"];

/** Round status in the history: Success once drawn, Pending before, Cancelled when cancelled. */
export function historyStatus(state: number): "success" | "pending" | "cancelled" {
  return state === RoundState.Drawn ? "success" : state === RoundState.Cancelled ? "cancelled" : "pending";
}
