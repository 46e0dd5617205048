/**
 * The provider's account: a key from an encrypted V3 keystore (the format of geth, Clef and
 * MetaMask exports), decrypted with ethers because viem has no keystore support; every
 * transaction is signed here and sent as raw bytes (`eth_sendRawTransaction`) through viem. The
 * node's own accounts are never used, so the provider works the same against a Hardhat node and
 * a real chain's RPC.
 */
import fs from "node:fs";
import { Wallet } from "ethers";
import {
  createPublicClient,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  http,
  type Abi,
  type Address,
  type Chain,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type TransactionReceipt,
  type TransactionSerializable,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

export interface ProviderSigner {
  account: LocalAccount;
  publicClient: PublicClient;
  chain: Chain;
  /** Signs and sends a transaction, waits for it, and fails unless it succeeded. */
  send(tx: { to?: Address; data: Hex; value?: bigint; gas?: bigint }, what: string): Promise<TransactionReceipt>;
  /** Deploys `build` with constructor `args`; answers its address and the block it was mined in. */
  deploy(name: string, build: { abi: Abi; bytecode: Hex }, args: unknown[]): Promise<{ address: Address; blockNumber: bigint }>;
  /** Calls `functionName` on `address`, after a simulation that surfaces a revert's reason. */
  write<const A extends Abi, F extends ContractFunctionName<A, "nonpayable" | "payable">>(
    contract: { abi: A; address: Address },
    functionName: F,
    args: ContractFunctionArgs<A, "nonpayable" | "payable", F>,
    opts?: { gas?: bigint; value?: bigint },
  ): Promise<TransactionReceipt>;
}

/** The key of `keystoreFile`, decrypted with the first line of `passwordFile` (geth's convention). */
export async function readKeystore(keystoreFile: string, passwordFile: string): Promise<Hex> {
  const password = fs.readFileSync(passwordFile, "utf8").split(/\r?\n/)[0] ?? "";
  const wallet = await Wallet.fromEncryptedJson(fs.readFileSync(keystoreFile, "utf8"), password);
  return wallet.privateKey as Hex;
}

/** Errors after which the same transaction, signed again at a fresh nonce, can go through. */
const NONCE_RACE =
  /nonce too low|nonce has already been used|already known|replacement transaction underpriced|nonce.*(higher|lower)/i;

export async function connectSigner(rpcUrl: string, privateKey: Hex): Promise<ProviderSigner> {
  const probe = createPublicClient({ transport: http(rpcUrl) });
  const chainId = await probe.getChainId();
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  // Half a second: the rehearsal's chain mines a block a second (viem polls every 4 s by default).
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 500 }) as PublicClient;
  const account = privateKeyToAccount(privateKey);

  const send: ProviderSigner["send"] = async (tx, what) => {
    // Another of the provider's commands may send from the same account at the same moment (the
    // fulfiller while a consumer is added): a clash over a nonce is retried at the next one.
    for (let attempt = 1; ; attempt++) {
      try {
        const request = await publicClient.prepareTransactionRequest({ ...tx, account, chain });
        const serializedTransaction = await account.signTransaction(request as TransactionSerializable);
        const hash = await publicClient.sendRawTransaction({ serializedTransaction });
        const receipt = await publicClient.waitForTransactionReceipt({ hash });
        if (receipt.status !== "success") throw new Error(`${what}: transaction ${hash} reverted`);
        return receipt;
      } catch (err) {
        if (attempt >= 5 || !NONCE_RACE.test(String(err))) throw err;
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  };

  return {
    account,
    publicClient,
    chain,
    send,
    async deploy(name, build, args) {
      const receipt = await send(
        { data: encodeDeployData({ abi: build.abi, bytecode: build.bytecode, args }) },
        `deploy ${name}`,
      );
      if (!receipt.contractAddress) throw new Error(`deploy ${name}: no contract address in ${receipt.transactionHash}`);
      console.log(`deployed ${name} at ${receipt.contractAddress}`);
      return { address: getAddress(receipt.contractAddress), blockNumber: receipt.blockNumber };
    },
    async write(contract, functionName, args, opts = {}) {
      const call = { abi: contract.abi, functionName, args } as Parameters<typeof encodeFunctionData>[0];
      await publicClient.simulateContract({ ...call, address: contract.address, account, value: opts.value } as never);
      return send({ to: contract.address, data: encodeFunctionData(call), ...opts }, String(functionName));
    },
  };
}

/** The signer of a keystore file and its password file, on `rpcUrl`. */
export async function signerFromKeystore(rpcUrl: string, keystoreFile: string, passwordFile: string): Promise<ProviderSigner> {
  return connectSigner(rpcUrl, await readKeystore(keystoreFile, passwordFile));
}
