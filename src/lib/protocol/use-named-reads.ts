import { useMemo } from "react";
import type { Abi, Address, ContractFunctionName, ContractFunctionParameters, ContractFunctionReturnType } from "viem";
import { useReadContracts } from "wagmi";

type ReadMutability = "pure" | "view";

/** One read of a batch: the contract (undefined while it is not deployed), its ABI, function and arguments. */
export interface NamedRead {
  address: Address | undefined;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
}

/** Each read checked against its ABI: the function exists, reads, and takes these arguments. */
type CheckedReads<T> = {
  [K in keyof T]: T[K] extends { abi: infer A extends Abi; functionName: infer F }
    ? F extends ContractFunctionName<A, ReadMutability>
      ? Omit<ContractFunctionParameters<A, ReadMutability, F>, "address"> & { address: Address | undefined }
      : never
    : never;
};

type ReadResult<R> = R extends { abi: infer A extends Abi; functionName: infer F }
  ? F extends ContractFunctionName<A, ReadMutability>
    ? ContractFunctionReturnType<A, ReadMutability, F>
    : never
  : never;

/** With `allowFailure`, each field says whether its read succeeded (a refused read does not sink the rest). */
export type ReadOutcome<T> = { status: "success"; result: T } | { status: "failure"; error: Error };

export type NamedResults<T, AllowFailure extends boolean> = {
  [K in keyof T]: AllowFailure extends true ? ReadOutcome<ReadResult<T[K]>> : ReadResult<T[K]>;
};

/**
 * Several reads as one query (wagmi `useReadContracts`), named: `data.epoch` instead of
 * `data[0]`, so adding or reordering a read cannot shift another's meaning. The batch stays
 * disabled while any read's contract is not deployed. wagmi sends it as one multicall only on a
 * chain that names a Multicall3; `walletChain` names none (the local chain has none deployed), so
 * each read is an `eth_call` of its own, all started together and settled as one result.
 */
export function useNamedReads<const T extends Record<string, NamedRead>, AllowFailure extends boolean = false>(
  reads: T & CheckedReads<T>,
  options: { allowFailure?: AllowFailure; query?: { enabled?: boolean; refetchInterval?: number } } = {},
) {
  const names = Object.keys(reads) as (keyof T & string)[];
  const query = useReadContracts({
    allowFailure: options.allowFailure ?? false,
    contracts: names.map((name) => reads[name] as NamedRead) as readonly ContractFunctionParameters[],
    query: options.query,
  });
  const list = query.data as readonly unknown[] | undefined;
  // Rebuilt only when the batch's results change, so a consumer may depend on it like on `data`.
  const data = useMemo(
    () => (list ? (Object.fromEntries(names.map((name, i) => [name, list[i]])) as NamedResults<T, AllowFailure>) : undefined),
    // The names come from the call site's object literal: they change only with the code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list],
  );
  return { ...query, data };
}
