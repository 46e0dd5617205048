/** How many direct invitees the DAO Reward page lists; the rest are counted. */
export const INVITEES_SHOWN = 20;

/**
 * `DAO.inviteesOf` lists invitees in the order they joined: the page shows the newest first, at
 * most `shown` of them, and how many more there are.
 */
export function newestInvitees<T>(invitees: readonly T[], shown = INVITEES_SHOWN): { list: T[]; more: number } {
  const list = [...invitees].reverse().slice(0, shown);
  return { list, more: invitees.length - list.length };
}
