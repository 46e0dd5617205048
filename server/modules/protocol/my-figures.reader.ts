import type { Address, PublicClient } from "viem";
import type { MyFigures } from "../../../domain/api/protocol-my-figures";
import type { ProtocolFigures } from "../../../domain/api/protocol-figures";
import { pexAbi, spexAbi } from "../../../generated/abis";

/** The contracts an account's own figures are read from; without either there are none. */
export interface MyFigureContracts {
  pex?: `0x${string}`;
  spex?: `0x${string}`;
}

/**
 * The account's own figures at `block` (that of the public figures, so both describe one chain
 * state), in one deployless multicall: its PEX and sPEX balances. null when a read fails.
 */
export async function readMyFigures(
  client: PublicClient,
  { pex, spex }: Required<MyFigureContracts>,
  address: Address,
  block: ProtocolFigures["block"],
): Promise<MyFigures | null> {
  const [pexBalance, spexBalance] = await client.multicall({
    contracts: [
      { address: pex, abi: pexAbi, functionName: "balanceOf", args: [address] },
      { address: spex, abi: spexAbi, functionName: "balanceOf", args: [address] },
    ],
    blockNumber: BigInt(block.number),
    allowFailure: true,
    deployless: true,
  });
  if (pexBalance.status !== "success" || spexBalance.status !== "success") return null;
  return {
    block,
    address,
    pexBalance: pexBalance.result.toString(),
    spexBalance: spexBalance.result.toString(),
  };
}
