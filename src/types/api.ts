import type { UserInfo as UserInfoReply } from "@domain/api/user";

/** Account-state fields added after the first release: a copy stored in local storage before then lacks them. */
type LaterFields = "debtUsdt" | "email" | "identityStatus" | "bankStatus" | "fundPasswordSet" | "registered" | "avatar";

/**
 * The user info as the web app keeps it (query cache, local storage): the user/info reply
 * (domain/api/user.ts), or a copy an older version stored.
 */
export type UserInfo = Omit<UserInfoReply, LaterFields> & Partial<Pick<UserInfoReply, LaterFields>>;
