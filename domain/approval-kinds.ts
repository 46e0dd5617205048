/*
 * Operator actions that wait for a second operator, as plain values: the web app's console reads
 * them without loading the API's zod schemas (domain/api/approvals.ts builds those from them).
 */

export const APPROVAL_KINDS = ["balance.adjust", "withdraw.retry"] as const;
export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;

/** The balances an operator may adjust: CNY (fen) and spendable USDT (micro-USDT). */
export const ADJUSTABLE_CURRENCIES = ["CNY", "USDT"] as const;

/** A balance adjustment's delta: a non-zero whole number of minor units, at most 15 digits, as a string. */
export const ADJUST_DELTA_PATTERN = /^-?[1-9][0-9]{0,14}$/;

/** The longest reason an adjustment may give. */
export const ADJUST_REASON_MAX = 256;
