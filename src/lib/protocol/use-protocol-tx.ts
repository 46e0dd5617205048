import { useTransactor } from "@/lib/wallet/use-transactor";
import { PROTOCOL_ERRORS_ABI } from "./errors-abi";

/** The transaction runner with every protocol contract's errors; `key` names the flow (pending tx survives a reload). */
export function useProtocolTx(key: string) {
  return useTransactor({ key: `protocol:${key}`, abi: PROTOCOL_ERRORS_ABI });
}
