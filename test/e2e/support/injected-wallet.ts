import type { BrowserContext } from "playwright-core";
import { encodeFunctionData, parseAbi, type Hex, type LocalAccount } from "viem";
import { LOCAL_SIGNER_BINDING, LOCAL_SIGNING_METHODS, type SignerReply, exposeLocalSigner } from "./local-signer";

/**
 * How the test wallet shows itself to the page, as the dApp browsers of wallet apps do:
 * - `both` (default): an EIP-6963 announcement and `window.ethereum`, the same object;
 * - `eip6963`: only the announcement, no `window.ethereum`;
 * - `metamask`: only `window.ethereum`, flagged `isMetaMask`, with events;
 * - `bare`: only `window.ethereum`, no wallet flag, no event methods at all, and none of the
 *   permission calls (`wallet_requestPermissions` is refused as unsupported).
 * Several wallets (`count` > 1) announce with their own ids, as extensions on a desktop do.
 */
export type WalletStyle = "both" | "eip6963" | "metamask" | "bare";

/**
 * A test wallet injected into the page, as a mobile dApp browser injects its own. A Hardhat
 * node signs and sends for its unlocked accounts but refuses the wallet-only calls
 * (eth_requestAccounts, chain switching, permissions): those are answered here, everything
 * else is forwarded to the node. `window.__walletCalls` records every method the page calls.
 *
 * With `eip5792`, it also takes calls in batches, as a wallet with EIP-5792 does: it answers
 * `wallet_getCapabilities`, runs a `wallet_sendCalls` batch for real by sending its calls to the
 * node in order (one prompt, recorded once; the calls' own sends are not), and reports it by id
 * through `wallet_getCallsStatus` from the node's receipts, also after a reload. It is an account, not a smart
 * wallet, so it reports atomic execution as unsupported. Without `eip5792` these methods are
 * refused as unsupported, like a wallet that predates the standard.
 *
 * With `smartAccount` it is a smart-contract wallet (contracts/test/SmartWalletMock.sol) that
 * `owner` (an account the node signs for) controls, as a Safe or a smart account app is: the page
 * sees the contract's address; every transaction the page asks for is the owner's one call of
 * `executeBatch` on it; signatures are the owner's, which the contract accepts (ERC-1271) and a
 * token's permit check does not. With `eip5792` too, a batch is one `executeBatch` of all its
 * calls: one transaction, all or none, reported as atomic (`atomic: { status: "supported" }`,
 * `atomic: true` and the one receipt, EIP-5792 v2).
 *
 * With `account` (a viem local account, e.g. `privateKeyToAccount(key)`) instead of `address`,
 * it is a wallet that holds its own key, for a node where no account is unlocked: its signing
 * calls (`personal_sign`, `eth_sign`, `eth_signTypedData_v4`, `eth_sendTransaction`, and each
 * call of a `wallet_sendCalls` batch) are signed in the test process (test/e2e/support/local-signer.ts)
 * and only ever reach the node as `eth_sendRawTransaction`; the older signing calls are refused.
 */
export async function injectWallet(
  context: BrowserContext,
  opts: {
    rpcUrl: string;
    chainId?: number;
    style?: WalletStyle;
    count?: number;
    eip5792?: boolean;
    smartAccount?: { owner: string };
  } & ({ address: string; account?: undefined } | { account: LocalAccount; address?: undefined }),
) {
  const chainId = opts.chainId ?? 31337;
  if (opts.account) await exposeLocalSigner(context, { account: opts.account, rpcUrl: opts.rpcUrl, chainId });
  if (opts.smartAccount) {
    // The page's calls become the owner's one call of the wallet contract, encoded here.
    await context.exposeFunction("__smartWalletCalldata", (calls: { to: Hex; data?: Hex; value?: Hex }[]) =>
      encodeFunctionData({
        abi: SMART_WALLET_ABI,
        functionName: "executeBatch",
        args: [calls.map((c) => ({ target: c.to, value: BigInt(c.value ?? 0), data: c.data ?? "0x" }))],
      }),
    );
  }
  const config = {
    owner: opts.smartAccount?.owner.toLowerCase() ?? null,
    address: (opts.account ? opts.account.address : opts.address).toLowerCase(),
    rpcUrl: opts.rpcUrl,
    chainId: `0x${chainId.toString(16)}`,
    style: opts.style ?? "both",
    count: opts.count ?? 1,
    eip5792: opts.eip5792 ?? false,
    signer: opts.account ? LOCAL_SIGNER_BINDING : null,
    signing: [...LOCAL_SIGNING_METHODS] as string[],
  };
  await context.addInitScript((cfg: typeof config) => {
    type Call = { to: string; data?: string; value?: string };
    const smartCalldata = (calls: Call[]) =>
      (window as unknown as { __smartWalletCalldata: (c: Call[]) => Promise<string> }).__smartWalletCalldata(calls);
    type Listener = (...args: unknown[]) => void;
    const calls: string[] = [];
    (window as unknown as { __walletCalls: string[] }).__walletCalls = calls;
    const withEvents = cfg.style !== "bare";

    const makeProvider = (n: number) => {
      const listeners = new Map<string, Set<Listener>>();
      // Like a real wallet, the permission given to this site survives a reload of the tab.
      const PERMISSION_KEY = `__testWallet.connected.${n}`;
      let connected = sessionStorage.getItem(PERMISSION_KEY) === "1";
      const setConnected = (value: boolean) => {
        connected = value;
        if (value) sessionStorage.setItem(PERMISSION_KEY, "1");
        else sessionStorage.removeItem(PERMISSION_KEY);
      };
      let id = 0;
      const forward = async (method: string, params: unknown[]) => {
        const res = await fetch(cfg.rpcUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
        });
        const json = (await res.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
        if (json.error) throw Object.assign(new Error(json.error.message), { code: json.error.code, data: json.error.data });
        return json.result;
      };
      // A wallet with its own key signs here (through the test process), never at the node.
      const sign = async (method: string, params: unknown[]) => {
        const signer = (window as unknown as Record<string, (m: string, p: unknown[]) => Promise<SignerReply>>)[cfg.signer!]!;
        const reply = await signer(method, params);
        if ("error" in reply) throw Object.assign(new Error(reply.error.message), reply.error);
        return reply.result;
      };
      const signOrForward = (method: string, params: unknown[]) =>
        cfg.signer && cfg.signing.includes(method) ? sign(method, params) : forward(method, params);
      // EIP-5792 batches this wallet sent, by id: their calls' hashes, of how many.
      type StoredBatch = { hashes: string[]; total: number; failed: boolean };
      const BATCH_PREFIX = `__testWallet.batch.${n}.`;
      const emit = (event: string, ...args: unknown[]) => {
        if (withEvents) listeners.get(event)?.forEach((l) => l(...args));
      };
      const unsupported = (method: string) => Object.assign(new Error(`The method ${method} is not supported`), { code: 4200 });
      const provider: Record<string, unknown> = {
        async request({ method, params = [] }: { method: string; params?: unknown[] }) {
          calls.push(method);
          switch (method) {
            case "eth_requestAccounts":
              setConnected(true);
              emit("connect", { chainId: cfg.chainId });
              emit("accountsChanged", [cfg.address]);
              return [cfg.address];
            case "eth_accounts":
              return connected ? [cfg.address] : [];
            case "eth_chainId":
              return cfg.chainId;
            case "net_version":
              return String(parseInt(cfg.chainId, 16));
            case "wallet_switchEthereumChain":
            case "wallet_addEthereumChain":
            case "wallet_watchAsset":
              return null;
            case "wallet_requestPermissions":
              if (!withEvents) throw unsupported(method);
              setConnected(true);
              return [{ parentCapability: "eth_accounts" }];
            case "wallet_getPermissions":
              if (!withEvents) throw unsupported(method);
              return connected ? [{ parentCapability: "eth_accounts" }] : [];
            case "wallet_getCapabilities":
              if (!cfg.eip5792) throw unsupported(method);
              return { [cfg.chainId]: { atomic: { status: cfg.owner ? "supported" : "unsupported" } } };
            case "eth_sendTransaction": {
              if (!cfg.owner) return signOrForward(method, params);
              // The owner's call of the wallet contract, which makes the page's call from its address.
              const [tx] = params as [Call & { gas?: string }];
              const data = await smartCalldata([{ to: tx.to, data: tx.data ?? "0x", value: tx.value ?? "0x0" }]);
              return forward(method, [{ from: cfg.owner, to: cfg.address, data, gas: "0xf4240" }]);
            }
            case "eth_signTypedData_v4":
              // The owner signs for the wallet: what ERC-1271 accepts, and ERC-2612's ECDSA check does not.
              return cfg.owner ? forward(method, [cfg.owner, (params as unknown[])[1]]) : signOrForward(method, params);
            case "personal_sign":
              return cfg.owner ? forward(method, [(params as unknown[])[0], cfg.owner]) : signOrForward(method, params);
            case "wallet_sendCalls": {
              if (!cfg.eip5792) throw unsupported(method);
              const [batch] = params as [{ from?: string; calls: Call[]; atomicRequired?: boolean }];
              if (batch.atomicRequired && !cfg.owner)
                throw Object.assign(new Error("Atomic execution is not supported"), { code: 5760 });
              const id = `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("")}`;
              // Every call goes to the node at once, in order, with a fixed gas limit: a later call
              // cannot be estimated before the earlier ones are mined (its approval is not there yet).
              const sent: StoredBatch = { hashes: [], total: cfg.owner ? 1 : batch.calls.length, failed: false };
              // A smart account: all the calls in the owner's one transaction, all or none.
              const txs = cfg.owner
                ? [{ from: cfg.owner, to: cfg.address, data: await smartCalldata(batch.calls), gas: "0xf4240", value: "0x0" }]
                : [];
              for (const tx of txs) {
                try {
                  sent.hashes.push((await forward("eth_sendTransaction", [tx])) as string);
                } catch {
                  sent.failed = true;
                }
              }
              for (const call of cfg.owner ? [] : batch.calls) {
                const tx = {
                  // A local signer checks the batch's own sender; the node signs for whoever is named.
                  from: (cfg.signer && batch.from) || cfg.address,
                  to: call.to,
                  data: call.data ?? "0x",
                  gas: "0xf4240",
                  value: call.value ?? "0x0",
                };
                try {
                  sent.hashes.push((await signOrForward("eth_sendTransaction", [tx])) as string);
                } catch {
                  sent.failed = true;
                  break;
                }
              }
              // Kept where a reload of the page does not lose it, as a wallet keeps its own history.
              sessionStorage.setItem(BATCH_PREFIX + id, JSON.stringify(sent));
              return { id };
            }
            case "wallet_getCallsStatus": {
              if (!cfg.eip5792) throw unsupported(method);
              const id = (params as [string])[0];
              const stored = sessionStorage.getItem(BATCH_PREFIX + id);
              if (!stored) throw Object.assign(new Error("Unknown bundle id"), { code: 5730 });
              const sent = JSON.parse(stored) as StoredBatch;
              const receipts = (await Promise.all(sent.hashes.map((h) => forward("eth_getTransactionReceipt", [h])))) as ({
                status: string;
              } | null)[];
              const mined = receipts.filter((r): r is { status: string } => r !== null);
              const status = sent.failed
                ? 400
                : mined.length < sent.total
                  ? 100
                  : mined.every((r) => r.status === "0x1")
                    ? 200
                    : mined.every((r) => r.status === "0x0")
                      ? 500
                      : 600;
              return { version: "2.0.0", id, chainId: cfg.chainId, atomic: Boolean(cfg.owner), status, receipts: mined };
            }
            case "wallet_revokePermissions":
              if (!withEvents) throw unsupported(method);
              setConnected(false);
              emit("accountsChanged", []);
              return null;
            default:
              if (cfg.signer && cfg.signing.includes(method)) return sign(method, params);
              if (cfg.signer && /^eth_sign/.test(method)) throw unsupported(method);
              return forward(method, params);
          }
        },
      };
      if (withEvents) {
        provider.on = (event: string, listener: Listener) => {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(listener);
          return provider;
        };
        provider.removeListener = (event: string, listener: Listener) => {
          listeners.get(event)?.delete(listener);
          return provider;
        };
      }
      if (cfg.style === "both" || cfg.style === "eip6963") provider.isTestWallet = true;
      if (cfg.style === "metamask") provider.isMetaMask = true;
      return provider;
    };

    const providers = Array.from({ length: cfg.count }, (_, n) => makeProvider(n));
    if (cfg.style !== "eip6963") (window as unknown as { ethereum: unknown }).ethereum = providers[0];
    if (cfg.style === "both" || cfg.style === "eip6963") {
      const announce = () =>
        providers.forEach((provider, n) =>
          window.dispatchEvent(
            new CustomEvent("eip6963:announceProvider", {
              detail: Object.freeze({
                info: {
                  uuid: `5f3c9a7e-0d1b-4c2a-9e8f-7a6b5c4d3e2${n}`,
                  name: n === 0 ? "Test Wallet" : `Test Wallet ${n + 1}`,
                  icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'/%3E",
                  rdns: n === 0 ? "dev.pex.testwallet" : `dev.pex.testwallet${n + 1}`,
                },
                provider,
              }),
            }),
          ),
        );
      window.addEventListener("eip6963:requestProvider", announce);
      announce();
    }
  }, config);
}

/** The smart-account wallet's one entry (contracts/test/SmartWalletMock.sol). */
const SMART_WALLET_ABI = parseAbi(["function executeBatch((address target, uint256 value, bytes data)[] calls) payable"]);
