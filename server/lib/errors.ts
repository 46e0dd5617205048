/**
 * An error the client may see. `status` is both the HTTP status and the envelope's `code`,
 * so 401 means "sign in again" to the client (specification §8). (Not named `code`: Node
 * errors use `code` for string identifiers.)
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (msg: string) => new AppError(400, msg);
export const unauthorized = (msg = "Please sign in again") => new AppError(401, msg);
export const forbidden = (msg: string) => new AppError(403, msg);
export const notFound = (msg: string) => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);
