import type { Address } from "viem";
import { useReadContracts } from "wagmi";
import { vaultTokenAbi } from "@/generated/abis";

const ZERO = "0x0000000000000000000000000000000000000000" as const;

/** WIN or WIN1 (both VaultToken): price, vault, supply and the account's balance in one multicall. */
export function useVaultToken(token: Address | undefined, account: Address | undefined) {
  const query = useReadContracts({
    allowFailure: false,
    contracts: [
      { address: token, abi: vaultTokenAbi, functionName: "getPrice" },
      { address: token, abi: vaultTokenAbi, functionName: "vault" },
      { address: token, abi: vaultTokenAbi, functionName: "totalSupply" },
      { address: token, abi: vaultTokenAbi, functionName: "balanceOf", args: [account ?? ZERO] },
    ],
    query: { enabled: Boolean(token), refetchInterval: 30_000 },
  });
  const d = query.data;
  return {
    ...query,
    token: d ? { price: d[0], vault: d[1], supply: d[2], balance: account ? d[3] : undefined } : undefined,
  };
}
