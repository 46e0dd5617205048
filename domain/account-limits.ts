/** Lengths and counts of the account forms, shared by the server's schemas and the app's forms. */
export const REAL_NAME_MAX = 64;
export const RECEIVER_MAX = 32;
export const ADDRESS_DETAIL_MAX = 200;
export const MAX_ADDRESSES_PER_USER = 20;
export const BANK_NAME_MAX = 64;
export const BANK_BRANCH_MAX = 128;
export const REJECT_REASON_MAX = 200;
