import { englishText, refusal, type Refusal, type RefusalArgs, type RefusalKey } from "../../domain/refusals";

/**
 * An error the client may see. `status` is both the HTTP status and the envelope's `code`,
 * so 401 means "sign in again" to the client (specification §8). (Not named `code`: Node
 * errors use `code` for string identifiers.) `refusal` is what the client is told: a key of
 * `domain/refusals.ts` and its params; the message is its English text. `detail` is
 * English for developers: a validation error's reason follows the text in `msg`; an internal
 * error's (status ≥ 500 with `api.internal`) only reaches the log.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly refusal: Refusal,
    readonly detail?: string,
  ) {
    super(detail ? `${englishText(refusal)} (${detail})` : englishText(refusal));
    this.name = "AppError";
  }
}

/** A refusal with `status`: `refuse(429, "withdraw.tooMany", { seconds })`. */
export const refuse = <K extends RefusalKey>(status: number, key: K, ...args: RefusalArgs<K>) =>
  new AppError(status, refusal(key, ...args));

export const badRequest = <K extends RefusalKey>(key: K, ...args: RefusalArgs<K>) => refuse(400, key, ...args);
export const forbidden = <K extends RefusalKey>(key: K, ...args: RefusalArgs<K>) => refuse(403, key, ...args);
export const notFound = <K extends RefusalKey>(key: K, ...args: RefusalArgs<K>) => refuse(404, key, ...args);
export const conflict = <K extends RefusalKey>(key: K, ...args: RefusalArgs<K>) => refuse(409, key, ...args);
export const tooManyRequests = <K extends RefusalKey>(key: K, ...args: RefusalArgs<K>) => refuse(429, key, ...args);
/** 401: the client signs in again (specification §8). */
export const unauthorized = <K extends RefusalKey>(key: K, ...args: RefusalArgs<K>) => refuse(401, key, ...args);

/**
 * Something that cannot happen did (a debit the caller's checks made impossible, say): a 500
 * whose `what` goes to the log, never to the client.
 */
export const internalError = (what: string) => new AppError(500, refusal("api.internal"), what);
