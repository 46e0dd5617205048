import type { BrowserContext } from "playwright-core";
import {
  type Address,
  BaseError,
  type Hex,
  InvalidParamsRpcError,
  type LocalAccount,
  RpcError,
  RpcRequestError,
  type TypedDataDefinition,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  createPublicClient,
  defineChain,
  http,
  isAddress,
  isAddressEqual,
  isHex,
} from "viem";

/** The page-side name of the binding: the injected wallet's init script calls it by this name. */
export const LOCAL_SIGNER_BINDING = "__testWalletSign";

/** The signing calls a local signer answers; the injected wallet refuses the other signing calls. */
export const LOCAL_SIGNING_METHODS = ["personal_sign", "eth_sign", "eth_signTypedData_v4", "eth_sendTransaction"] as const;

/** What the page gets back: the answer, or the error a wallet would throw, its EIP-1193/1474 code kept. */
export type SignerReply = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

/** `eth_sendTransaction`'s one parameter, as an EIP-1193 provider receives it (quantities in hex). */
type RpcTransaction = {
  from?: string;
  to?: Address;
  data?: Hex;
  input?: Hex;
  value?: Hex;
  gas?: Hex;
  gasPrice?: Hex;
  maxFeePerGas?: Hex;
  maxPriorityFeePerGas?: Hex;
  nonce?: Hex;
  chainId?: Hex;
};

const quantity = (value: Hex | undefined) => (value === undefined ? undefined : BigInt(value));

/**
 * Signs in the test process with a key the node does not hold, as a real wallet signs on the
 * phone: the node only ever sees reads and `eth_sendRawTransaction`, so the same wallet works
 * against a node where no account is unlocked (a rehearsal of BNB Smart Chain, chain 97).
 * Parameters are taken in MetaMask's order: `personal_sign` [message, address],
 * `eth_signTypedData_v4` [address, typed data as a JSON string], `eth_sign` [address, data]
 * (signed with the EIP-191 prefix, as Hardhat and Geth sign it), and every call names this
 * wallet's own address or is refused with 4100, as a wallet refuses an account it does not hold.
 */
export async function exposeLocalSigner(
  context: BrowserContext,
  opts: { account: LocalAccount; rpcUrl: string; chainId: number },
) {
  const { account, rpcUrl, chainId } = opts;
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport: http(rpcUrl), cacheTime: 0 });

  const own = (address: unknown) => {
    if (typeof address === "string" && isAddress(address, { strict: false }) && isAddressEqual(address, account.address)) return;
    throw new UnauthorizedProviderError(new Error(`${String(address)} is not this wallet's account ${account.address}`));
  };
  const sameChain = (id: unknown, what: string) => {
    if (id === undefined || Number(id) === chainId) return;
    throw new InvalidParamsRpcError(new Error(`${what} ${String(id)} must match the active chain ${chainId}`));
  };

  const answer = async (method: string, params: unknown[]): Promise<unknown> => {
    switch (method) {
      case "personal_sign": {
        const [message, address] = params as [string, string];
        own(address);
        // MetaMask takes a hex-encoded message and signs its bytes; any other string as text.
        return account.signMessage({ message: isHex(message) ? { raw: message } : message });
      }
      case "eth_sign": {
        const [address, data] = params as [string, Hex];
        own(address);
        return account.signMessage({ message: { raw: data } });
      }
      case "eth_signTypedData_v4": {
        const [address, data] = params as [string, string | Record<string, unknown>];
        own(address);
        const typed = (typeof data === "string" ? JSON.parse(data) : data) as TypedDataDefinition & {
          domain?: { chainId?: unknown };
        };
        sameChain(typed.domain?.chainId, "The typed data's chain");
        return account.signTypedData(typed);
      }
      case "eth_sendTransaction": {
        const [tx] = params as [RpcTransaction];
        own(tx.from);
        sameChain(tx.chainId, "The transaction's chain");
        // Nonce, gas and fees the page left out come from the node, as a wallet fills them in.
        const fees =
          tx.gasPrice !== undefined
            ? { gasPrice: quantity(tx.gasPrice) }
            : { maxFeePerGas: quantity(tx.maxFeePerGas), maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas) };
        const request = await client.prepareTransactionRequest({
          account,
          chain,
          to: tx.to,
          data: tx.data ?? tx.input,
          value: quantity(tx.value),
          gas: quantity(tx.gas),
          nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
          ...fees,
        } as Parameters<typeof client.prepareTransactionRequest>[0]);
        const serializedTransaction = await account.signTransaction(request as Parameters<LocalAccount["signTransaction"]>[0]);
        return client.sendRawTransaction({ serializedTransaction });
      }
      default:
        throw new UnsupportedProviderMethodError(new Error(`The method ${method} is not signed here`));
    }
  };

  // One call at a time, as a wallet shows one prompt at a time: two sends at once would both
  // read the same pending nonce.
  let queue: Promise<unknown> = Promise.resolve();
  await context.exposeBinding(LOCAL_SIGNER_BINDING, (_source, method: string, params: unknown[]): Promise<SignerReply> => {
    const reply = queue
      .then(() => answer(method, params))
      .then(
        (result) => ({ result }),
        (err: unknown) => ({ error: asProviderError(err) }),
      );
    queue = reply;
    return reply;
  });
}

/**
 * The error as the page would have had it from the node (its code, message and revert data, so
 * the app decodes a custom error as before), or the wallet's own refusal.
 */
function asProviderError(err: unknown): { code: number; message: string; data?: unknown } {
  const node = err instanceof BaseError ? err.walk((e) => e instanceof RpcRequestError) : null;
  if (node instanceof RpcRequestError) return { code: node.code, message: node.details, data: node.data };
  if (err instanceof RpcError) return { code: err.code, message: err.details || err.shortMessage };
  return { code: -32603, message: err instanceof BaseError ? err.shortMessage : String(err) };
}
