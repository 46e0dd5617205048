import { shortenAddress } from "@domain/address";
import { zeroAddress } from "viem";
import { useReadContracts } from "wagmi";
import { gameAbi } from "@generated/abi/game";
import { useNicknames } from "../api/get-nicknames";
import { gameAddress } from "../utils/game";

/**
 * Display names of players: the nickname stored by the server (what the settings change), else
 * the nickname set on chain (Game.setNickname, e.g. the demo players), else the short address.
 */
export function usePlayerNames(addresses: readonly string[]) {
  const unique = [...new Set(addresses.filter((a) => a && a !== zeroAddress).map((a) => a.toLowerCase()))];
  const server = useNicknames(unique);
  const chain = useReadContracts({
    allowFailure: true,
    contracts: unique.map((a) => ({
      address: gameAddress,
      abi: gameAbi,
      functionName: "getPlayerInfo" as const,
      args: [a as `0x${string}`] as const,
    })),
    query: { enabled: Boolean(gameAddress) && unique.length > 0, staleTime: 60_000 },
  });
  return (address: string): string => {
    const key = address.toLowerCase();
    const stored = server.data?.get(key);
    if (stored) return stored;
    const i = unique.indexOf(key);
    const result = i >= 0 ? (chain.data?.[i]?.result as { nickname?: string } | undefined) : undefined;
    const onChain = result?.nickname;
    return onChain || shortenAddress(address);
  };
}
