import { useCallback } from "react";
import type { Abi, Address, ContractFunctionName } from "viem";
import { type Config, useConfig } from "wagmi";
import type { CreateUseWriteContractReturnType } from "wagmi/codegen";
import type { WriteContractMutateAsync } from "wagmi/query";

type WriteMutability = "nonpayable" | "payable";

/**
 * wagmi's `useWriteContract`, as far as the pages use it (`writeContractAsync`), with the write
 * code (chain-writes.ts) loaded on the first send instead of with the page. The promise and its
 * errors are wagmi's own, so the transaction runner reads them as before.
 */
export function useWriteContract(): { writeContractAsync: WriteContractMutateAsync<Config> } {
  const config = useConfig();
  const writeContractAsync = useCallback(
    async (variables: Parameters<WriteContractMutateAsync<Config>>[0]) => {
      const { writeContract } = await import("./chain-writes");
      return writeContract(config, variables);
    },
    [config],
  );
  return { writeContractAsync: writeContractAsync as WriteContractMutateAsync<Config> };
}

type LazyWriteHook<abi extends Abi | readonly unknown[], address extends Address | undefined, functionName> = () => Pick<
  ReturnType<
    CreateUseWriteContractReturnType<
      abi,
      address,
      functionName extends ContractFunctionName<abi, WriteMutability> ? functionName : undefined
    >
  >,
  "writeContractAsync"
>;

/**
 * The generated `useWrite<Contract><Fn>` hooks (wagmi.config.ts) are made with this instead of
 * wagmi's `createUseWriteContract`: the same typed `writeContractAsync` with the contract's ABI,
 * address and function filled in, over the lazy `useWriteContract` above.
 */
export function createUseLazyWriteContract<
  const abi extends Abi | readonly unknown[],
  const address extends Address | undefined = undefined,
  functionName extends ContractFunctionName<abi, WriteMutability> | undefined = undefined,
>(props: { abi: abi; address?: address; functionName?: functionName }): LazyWriteHook<abi, address, functionName> {
  function useContractWrite() {
    const { writeContractAsync } = useWriteContract();
    const bound = useCallback(
      (variables: object) =>
        writeContractAsync({
          ...variables,
          ...(props.address ? { address: props.address } : {}),
          ...(props.functionName ? { functionName: props.functionName } : {}),
          abi: props.abi,
        } as Parameters<typeof writeContractAsync>[0]),
      [writeContractAsync],
    );
    return { writeContractAsync: bound } as unknown as ReturnType<LazyWriteHook<abi, address, functionName>>;
  }
  return useContractWrite;
}
