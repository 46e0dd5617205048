import { type Abi, BaseError, ContractFunctionRevertedError, type Hex, decodeErrorResult } from "viem";

/** What went wrong with a transaction, in the runner's terms. */
export type TxFailureKind = "rejected" | "reverted" | "failed";

export interface TxFailure {
  kind: TxFailureKind;
  /** The decoded custom error ("GameZeroAmount()", "ERC20InsufficientAllowance(…)") or the wallet's short message. */
  message: string;
}

/** EIP-1193 "user rejected the request". */
const USER_REJECTED = 4001;

function chain(error: unknown): unknown[] {
  const out: unknown[] = [];
  let current: unknown = error;
  while (current && typeof current === "object" && out.length < 10) {
    out.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return out;
}

function formatArgs(args: readonly unknown[] | undefined): string {
  return (args ?? []).map((a) => (typeof a === "bigint" ? a.toString() : String(a))).join(", ");
}

/** Revert data (0x + selector + args) found anywhere in the error's causes. */
function revertData(error: unknown): Hex | null {
  for (const e of chain(error)) {
    const { data, raw } = e as { data?: unknown; raw?: unknown };
    if (typeof data === "string" && /^0x[0-9a-fA-F]{8,}$/.test(data)) return data as Hex;
    // viem keeps revert data it could not decode with the call's ABI (an error another contract
    // raised and this one passed on) as `raw`.
    if (typeof raw === "string" && /^0x[0-9a-fA-F]{8,}$/.test(raw)) return raw as Hex;
    if (data && typeof data === "object" && typeof (data as { data?: unknown }).data === "string") {
      const inner = (data as { data: string }).data;
      if (/^0x[0-9a-fA-F]{8,}$/.test(inner)) return inner as Hex;
    }
  }
  return null;
}

/**
 * Decodes a revert: viem's own decoding when the call was simulated with the ABI, else the raw
 * revert data against `abi` (custom errors, Error(string), Panic(uint256)). Null when there is none.
 */
export function decodeRevert(error: unknown, abi?: Abi): string | null {
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) {
      if (reverted.data?.errorName) return `${reverted.data.errorName}(${formatArgs(reverted.data.args)})`;
      if (reverted.reason) return reverted.reason;
    }
  }
  const data = revertData(error);
  if (!data) return null;
  try {
    const decoded = decodeErrorResult({ abi: abi ?? [], data });
    return `${decoded.errorName}(${formatArgs(decoded.args)})`;
  } catch {
    return null;
  }
}

export function isUserRejection(error: unknown): boolean {
  return chain(error).some((e) => {
    const { code, name } = e as { code?: unknown; name?: unknown };
    return code === USER_REJECTED || name === "UserRejectedRequestError";
  });
}

/** Classifies an error thrown while asking the wallet to send (scaffold-eth's getParsedError, typed). */
export function parseTxError(error: unknown, abi?: Abi): TxFailure {
  if (isUserRejection(error)) return { kind: "rejected", message: "" };
  const revert = decodeRevert(error, abi);
  if (revert) return { kind: "reverted", message: revert };
  const { shortMessage, message } = (error ?? {}) as { shortMessage?: unknown; message?: unknown };
  const text = typeof shortMessage === "string" ? shortMessage : typeof message === "string" ? message : String(error);
  return { kind: "failed", message: text.split("\n")[0] ?? text };
}
