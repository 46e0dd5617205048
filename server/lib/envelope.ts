/** The reply envelope of specification §7: code 0 carries data, any other code carries msg. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T | null;
}

export const ok = <T>(data: T): Envelope<T> => ({ code: 0, msg: "success", data });
export const fail = (code: number, msg: string): Envelope<null> => ({ code, msg, data: null });
