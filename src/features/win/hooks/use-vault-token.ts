import { zeroAddress, type Address } from "viem";
import { vaultTokenAbi } from "@generated/abi/vault-token";
import { useNamedReads } from "@/lib/protocol/use-named-reads";

/** WIN or WIN1 (both VaultToken): price, vault, supply and the account's balance in one batch of reads. */
export function useVaultToken(token: Address | undefined, account: Address | undefined) {
  const query = useNamedReads(
    {
      price: { address: token, abi: vaultTokenAbi, functionName: "getPrice" },
      vault: { address: token, abi: vaultTokenAbi, functionName: "vault" },
      supply: { address: token, abi: vaultTokenAbi, functionName: "totalSupply" },
      balance: { address: token, abi: vaultTokenAbi, functionName: "balanceOf", args: [account ?? zeroAddress] },
    },
    { query: { refetchInterval: 30_000 } },
  );
  const d = query.data;
  return { ...query, token: d ? { ...d, balance: account ? d.balance : undefined } : undefined };
}
