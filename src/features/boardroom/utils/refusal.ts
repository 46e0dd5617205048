/** The DAO's refusals the boardroom can meet, each with a message in every locale (`refusalKey`). */
export const BOARDROOM_REFUSALS = [
  "DaoAlreadyDirector",
  "DaoAlreadySigned",
  "DaoBoardroomFull",
  "DaoDirectorStillSenior",
  "DaoNotDirector",
  "DaoNotSeniorNode",
  "DaoOwnPrincipalBelowThreshold",
  "DaoProposalAlreadyExecuted",
  "DaoProposalExists",
  "DaoProposalExpired",
  "DaoProposalNotFound",
  "DaoSeniorityTooShort",
] as const;

export type BoardroomRefusal = (typeof BOARDROOM_REFUSALS)[number];

/**
 * The refusal a decoded revert ("DaoSeniorityTooShort(0x…, 1700000000)") names, if the boardroom
 * knows it; null for anything else (a wallet error, another contract's revert).
 */
export function boardroomRefusal(error: string | null): BoardroomRefusal | null {
  if (!error) return null;
  const name = /^(\w+)\(/.exec(error)?.[1];
  return BOARDROOM_REFUSALS.find((r) => r === name) ?? null;
}

/** The locale key of a refusal's message: "DaoBoardroomFull" → "boardroom.refusal.daoBoardroomFull". */
export function refusalKey(refusal: BoardroomRefusal): string {
  return `boardroom.refusal.${refusal.charAt(0).toLowerCase()}${refusal.slice(1)}`;
}
