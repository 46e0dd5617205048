/**
 * A remote signer (issue: server keys, item 1): the key stays in the signer, the server asks it
 * over JSON-RPC (`eth_signTransaction`) and uses the answer only when it recovers to the
 * configured address and carries exactly what was asked. A withdrawal is paid through it on a
 * Hardhat node; a signer that signs with another key, or rewrites the transaction, is refused.
 */
import { createWalletClient, encodeFunctionData, http, parseEther, parseEventLogs, type LocalAccount } from "viem";
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HARDHAT_MNEMONIC } from "../../../domain/demo-accounts";
import { loadConfig } from "../../../server/config";
import { runPayoutPass } from "../../../server/jobs/payout-worker";
import { loadServerAccounts } from "../../../server/lib/signers/server-accounts";
import { feeFields } from "../../../server/lib/tx-lookup";
import { OPERATOR, startTestChain, usdtAbi, type TestChain } from "../assets/hardhat";
import { payoutOptions } from "../assets/payout-options";
import { assetsTestEnv, FUND_PASSWORD, post, SETUP_TIMEOUT_MS } from "../assets/support";
import { heldLease } from "../support/held-lease";
import { startJsonRpcSigner, type JsonRpcSigner } from "./json-rpc-signer";

const SIGNER_KEY = generatePrivateKey();
const RECIPIENT = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 17 }).address;

let chain: TestChain;
const signers: JsonRpcSigner[] = [];

/** The payout key as the server builds it from OPERATOR_SIGNER_URL and OPERATOR_ADDRESS. */
async function payoutThrough(signer: JsonRpcSigner, address = signer.address): Promise<LocalAccount> {
  const config = loadConfig({}, { CHAIN_RPC_URL: chain.rpcUrl, OPERATOR_SIGNER_URL: signer.url, OPERATOR_ADDRESS: address });
  return (await loadServerAccounts(config)).payout!;
}

async function signer(options: Omit<Parameters<typeof startJsonRpcSigner>[0], "key"> = {}) {
  const started = await startJsonRpcSigner({ key: SIGNER_KEY, ...options });
  signers.push(started);
  return started;
}

/** A USDT transfer as the payout worker signs it: its own nonce, gas and fees, nothing left to the signer. */
async function payoutTransaction(account: LocalAccount, amount: bigint) {
  const data = encodeFunctionData({ abi: usdtAbi(), functionName: "transfer", args: [RECIPIENT, amount] });
  return {
    chainId: 31337,
    to: chain.usdt,
    data,
    nonce: await chain.client.getTransactionCount({ address: account.address, blockTag: "pending" }),
    gas: 100_000n,
    ...(await feeFields(chain.client)),
  };
}

beforeAll(async () => {
  chain = await startTestChain();
  // The signer's key holds gas and USDT of its own, as a payout wallet does.
  const address = privateKeyToAccount(SIGNER_KEY).address;
  const funder = createWalletClient({ account: OPERATOR, chain: hardhat, transport: http(chain.rpcUrl) });
  await chain.client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: address, value: parseEther("10") }) });
  await chain.write(OPERATOR, chain.usdt, usdtAbi(), "transfer", [address, 1_000_000_000n]);
}, 120_000);
afterAll(async () => {
  await Promise.all(signers.map((s) => s.close()));
  await chain?.stop();
});

describe("remote signer", () => {
  it("signs over eth_signTransaction with hex quantities, from, chain id and EIP-1559 fees; the node accepts it", async () => {
    const s = await signer();
    const account = await payoutThrough(s);
    expect(account.address).toBe(s.address);
    const wallet = createWalletClient({ account, chain: hardhat, transport: http(chain.rpcUrl) });
    const hash = await wallet.sendTransaction({ to: RECIPIENT, value: 1n });
    const receipt = await chain.client.waitForTransactionReceipt({ hash });
    expect(receipt).toMatchObject({ status: "success", from: s.address.toLowerCase() });
    const asked = s.requests.at(-1)!;
    expect(asked).toMatchObject({ from: s.address, to: RECIPIENT, chainId: "0x7a69", value: "0x1" });
    for (const field of ["nonce", "gas", "maxFeePerGas", "maxPriorityFeePerGas"])
      expect(asked[field]).toMatch(/^0x(0|[1-9a-f][0-9a-f]*)$/);
    expect(asked.gasPrice).toBeUndefined();
  });

  it("accepts geth's (and clef's) { raw, tx } answer as well as Web3Signer's bare one", async () => {
    const account = await payoutThrough(await signer({ style: "geth" }));
    const raw = await account.signTransaction!(await payoutTransaction(account, 1_000_000n));
    const before = await chain.usdtBalance(RECIPIENT);
    await chain.sendRaw(raw);
    expect(await chain.usdtBalance(RECIPIENT)).toBe(before + 1_000_000n);
  });

  it(
    "pays a withdrawal through it: the payout worker stores the signed bytes, sends them, and the record succeeds",
    async () => {
      const env = await assetsTestEnv();
      try {
        const account = await payoutThrough(await signer());
        const lease = await heldLease(env.db, "payout-worker");
        const worker = payoutOptions(lease, chain, { account });
        await runPayoutPass(worker); // the seed's own pending withdrawals
        const to = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 18 }).address;
        const json = (
          await post(env.app, "/asset/withdraw", env.aliceToken, {
            type: 2,
            address: to,
            amount: "14000000",
            password: FUND_PASSWORD,
          })
        ).json();
        expect(json.code, json.msg).toBe(0);
        expect(await runPayoutPass(worker)).toMatchObject({ sent: 1, paid: 1, failed: 0 });
        const record = await env.db.kysely
          .selectFrom("asset_records")
          .selectAll()
          .where("id", "=", BigInt(json.data.id))
          .executeTakeFirstOrThrow();
        expect(record.status).toBe("success");
        const receipt = await chain.client.getTransactionReceipt({ hash: record.tx_hash as `0x${string}` });
        expect(receipt.from).toBe(account.address.toLowerCase());
        const [transfer] = parseEventLogs({ abi: usdtAbi(), logs: receipt.logs, eventName: "Transfer" }) as unknown as {
          args: { to: string; value: bigint };
        }[];
        expect(transfer!.args).toMatchObject({ to, value: 14_000_000n });
      } finally {
        await env.close();
      }
    },
    SETUP_TIMEOUT_MS,
  );

  it("refuses a transaction the signer signed with another key, and sends nothing", async () => {
    const other = generatePrivateKey();
    const account = await payoutThrough(await signer({ signWith: other }));
    const nonce = await chain.client.getTransactionCount({ address: account.address });
    await expect(account.signTransaction!(await payoutTransaction(account, 1n))).rejects.toThrow(
      `OPERATOR_SIGNER_URL: the remote signer signed with ${privateKeyToAccount(other).address}, not ${account.address}: the transaction is not used`,
    );
    const wallet = createWalletClient({ account, chain: hardhat, transport: http(chain.rpcUrl) });
    await expect(wallet.sendTransaction({ to: RECIPIENT, value: 1n })).rejects.toThrow(/signed with .*, not/);
    expect(await chain.client.getTransactionCount({ address: account.address })).toBe(nonce);
  });

  it("refuses a transaction the signer rewrote: another recipient, nonce or fee", async () => {
    const thief = privateKeyToAccount(generatePrivateKey()).address;
    const cases = [
      { tamper: (tx: object) => ({ ...tx, to: thief }), field: "recipient" },
      { tamper: (tx: { nonce?: number }) => ({ ...tx, nonce: tx.nonce! + 1 }), field: "nonce" },
      { tamper: (tx: { maxFeePerGas?: bigint }) => ({ ...tx, maxFeePerGas: tx.maxFeePerGas! * 10n }), field: "fees" },
    ];
    for (const c of cases) {
      const account = await payoutThrough(await signer({ tamper: c.tamper as never }));
      await expect(account.signTransaction!(await payoutTransaction(account, 1n))).rejects.toThrow(
        `the remote signer changed the transaction's ${c.field}`,
      );
    }
  });

  it("never signs a message or typed data with a server key", async () => {
    const account = await payoutThrough(await signer());
    await expect(account.signMessage({ message: "sign in" })).rejects.toThrow(
      "OPERATOR_SIGNER_URL: a server key signs transactions only",
    );
  });
});
