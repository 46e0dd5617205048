import fs from "node:fs";
import path from "node:path";
import { type Abi, type Address, type Hex, encodeFunctionData } from "viem";
import { toAccount } from "viem/accounts";
import type { protocolChain } from "./protocol-chain";
import { hardhatAccount, httpSession } from "./shop-fixtures";

type Chain = ReturnType<typeof protocolChain>;

const artifact = () =>
  JSON.parse(fs.readFileSync(path.resolve("artifacts/contracts/test/SmartWalletMock.sol/SmartWalletMock.json"), "utf8")) as {
    abi: Abi;
    bytecode: Hex;
  };

/** A smart-contract wallet (contracts/test/SmartWalletMock.sol) of Hardhat account `ownerIndex`, deployed now. */
export async function deploySmartWallet(chain: Chain, ownerIndex: number): Promise<Address> {
  const { abi, bytecode } = artifact();
  const hash = await chain.owner.deployContract({ abi, bytecode, args: [hardhatAccount(ownerIndex).address] });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
  return receipt.contractAddress!;
}

/** Runs `calls` from the wallet: its owner's one `executeBatch` (for setting a test up). */
export async function fromSmartWallet(
  chain: Chain,
  ownerIndex: number,
  wallet: Address,
  calls: { to: Address; abi: Abi; functionName: string; args: unknown[] }[],
) {
  const encoded = calls.map((c) => ({
    target: c.to,
    value: 0n,
    data: encodeFunctionData({ abi: c.abi, functionName: c.functionName, args: c.args } as never),
  }));
  await chain.write(ownerIndex, wallet, artifact().abi, "executeBatch", [encoded]);
}

/** Signs in as the wallet over HTTP: its owner signs the message, the server checks it with ERC-1271. */
export function smartWalletSession(apiUrl: string, webUrl: string, wallet: Address, ownerIndex: number) {
  const owner = hardhatAccount(ownerIndex);
  const account = toAccount({
    address: wallet,
    signMessage: (a) => owner.signMessage(a),
    signTransaction: (t) => owner.signTransaction(t),
    signTypedData: (t) => owner.signTypedData(t),
  });
  return httpSession(apiUrl, webUrl, account);
}
