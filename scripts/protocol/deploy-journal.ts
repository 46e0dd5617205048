/**
 * A deployment as named steps, each one transaction of the deployer's, with a journal that makes
 * an interrupted deployment resumable without sending anything twice (ADR-0206).
 * Before a step's transaction is sent the journal records the nonce it gets and the
 * hash of its input; once sent, its hash; once mined, its block (and for a creation, the
 * address). A rerun skips the steps done (after checking a created contract's code is there) and
 * settles a step that was under way from the chain itself: the deployer's nonce says whether it
 * was mined, and the transaction found at that nonce must be the one recorded, or the deploy stops.
 *
 * The journal file is rewritten whole (write, then rename) after every change, so a crash leaves
 * the last complete version. Without a file (the tests' fixtures) it lives in memory only.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { keccak256, type Address, type Hex, type TransactionReceipt } from "viem";
import type { DeployedContract } from "../../domain/deployments";
import { mined, type PublicClient, type WalletClient } from "./contracts";

/** What a journal belongs to: resuming it anywhere else is refused. */
interface Identity {
  chainId: number;
  genesisHash: Hex;
  deployer: Address;
  configHash: string;
}

interface Step {
  nonce: number;
  /** keccak256 of the transaction's input: the one to look for at `nonce` after a crash. */
  inputHash: Hex;
  to: Address | null;
  hash?: Hex;
  block?: number;
  address?: Address;
  contract?: string;
  args?: unknown[];
  done?: boolean;
}

interface JournalData extends Identity {
  /** The head when the journal began: where a search for a lost transaction starts at the latest. */
  startBlock: number;
  steps: Record<string, Step>;
  values: Record<string, string>;
}

/** A transaction a step sends; given as a function, it is built only when sent, so a deadline in it stays fresh. */
export interface TxRequest {
  to: Address | null;
  data: Hex;
  value?: bigint;
}

/** Test hooks: throwing from one interrupts the deployment at that point. */
export interface JournalHooks {
  /** After the step's nonce was recorded, before its transaction is sent (as a crash there would leave it). */
  beforeSend?: (key: string) => void;
  /** After the transaction was sent, before its hash is recorded (as a lost RPC answer would leave it). */
  afterSend?: (key: string) => void;
  /** After a step was recorded as done. */
  afterStep?: (key: string) => void;
}

/** JSON of values with bigints, as decimal strings. */
export function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)));
}

/** A stable digest of a deployment's configuration. */
export function configHash(config: unknown): string {
  return crypto
    .createHash("sha256")
    .update(JSON.stringify(toJson(config)))
    .digest("hex");
}

export class DeployJournal {
  private readonly used = new Set<string>();
  /**
   * The deployer's next nonce once a step of this run has sent: the deployment is the account's
   * only sender while it runs, so one look at the chain serves every later step; any failed send
   * looks again.
   */
  private nextNonce: number | null = null;

  private constructor(
    private readonly data: JournalData,
    private readonly file: string | null,
    private readonly publicClient: PublicClient,
    private readonly deployer: WalletClient,
    private readonly hooks: JournalHooks,
  ) {}

  /**
   * The journal at `file` if it belongs to this chain, deployer and configuration; a new one when
   * there is none or it was for another chain (a restarted local node has a new genesis). One for
   * this chain with another deployer or configuration is refused: finish it with those, or move
   * the file away to start a new deployment.
   */
  static async open(o: {
    file: string | null;
    publicClient: PublicClient;
    deployer: WalletClient;
    config: unknown;
    hooks?: JournalHooks;
  }): Promise<DeployJournal> {
    const identity: Identity = {
      chainId: await o.publicClient.getChainId(),
      genesisHash: (await o.publicClient.getBlock({ blockNumber: 0n })).hash!,
      deployer: o.deployer.account.address,
      configHash: configHash(o.config),
    };
    let data: JournalData = { ...identity, startBlock: Number(await o.publicClient.getBlockNumber()), steps: {}, values: {} };
    if (o.file && fs.existsSync(o.file)) {
      const found = JSON.parse(fs.readFileSync(o.file, "utf8")) as JournalData;
      if (found.chainId === identity.chainId && found.genesisHash === identity.genesisHash) {
        for (const field of ["deployer", "configHash"] as const)
          if (found[field].toLowerCase() !== identity[field].toLowerCase())
            throw new Error(
              `deploy journal ${o.file} was written with another ${field} (${found[field]}): resume it with the same ` +
                "settings, or move it away to start a new deployment",
            );
        data = found;
      }
    }
    const journal = new DeployJournal(data, o.file, o.publicClient, o.deployer, o.hooks ?? {});
    journal.save();
    return journal;
  }

  /** The contracts this deployment created, by step key, for the deployments file. */
  get deployed(): Record<string, DeployedContract> {
    const out: Record<string, DeployedContract> = {};
    for (const [key, s] of Object.entries(this.data.steps))
      if (s.done && s.address && s.contract)
        out[key] = { contract: s.contract, args: s.args ?? [], txHash: s.hash!, block: s.block! };
    return out;
  }

  /** A number computed once and kept for every resume (a start time, an amount read from the chain). */
  async bigint(key: string, compute: () => Promise<bigint>): Promise<bigint> {
    const kept = this.data.values[key];
    if (kept !== undefined) return BigInt(kept);
    const value = await compute();
    this.data.values[key] = value.toString();
    this.save();
    return value;
  }

  /** Creates a contract from `bytecode` (constructor arguments already appended); answers its address. */
  async create(key: string, contract: { name: string; args: unknown[] }, data: Hex): Promise<Address> {
    const receipt = await this.step(
      key,
      { to: null, data },
      { contract: contract.name, args: toJson(contract.args) as unknown[] },
    );
    const address = this.data.steps[key]!.address;
    if (!address) throw new Error(`step ${key}: its transaction ${receipt?.transactionHash} created no contract`);
    if (!receipt) {
      // Done in an earlier run: the contract must still be there (not lost with a reorganisation).
      const code = await this.publicClient.getCode({ address });
      if (!code || code === "0x") throw new Error(`step ${key}: no code at ${address}, where the journal says it was created`);
    }
    return address;
  }

  /** Sends a call; answers its receipt (read again when the step was done before). */
  async call(key: string, request: TxRequest | (() => Promise<TxRequest>)): Promise<TransactionReceipt> {
    const receipt = await this.step(key, request);
    return receipt ?? this.publicClient.getTransactionReceipt({ hash: this.data.steps[key]!.hash! });
  }

  /** Runs a step unless done; null when it was done before this run. */
  private async step(
    key: string,
    request: TxRequest | (() => Promise<TxRequest>),
    extra: Pick<Step, "contract" | "args"> = {},
  ): Promise<TransactionReceipt | null> {
    if (this.used.has(key)) throw new Error(`deploy step ${key} appears twice`);
    this.used.add(key);
    const recorded = this.data.steps[key];
    if (recorded?.done) return null;
    let receipt = recorded ? await this.settle(key, recorded) : null;
    if (!receipt) {
      const tx = typeof request === "function" ? await request() : request;
      const nonce =
        this.nextNonce ??
        (await this.publicClient.getTransactionCount({ address: this.deployer.account.address, blockTag: "pending" }));
      const step: Step = { nonce, inputHash: keccak256(tx.data), to: tx.to, ...extra };
      this.data.steps[key] = step;
      this.save();
      this.hooks.beforeSend?.(key);
      this.nextNonce = null;
      const hash = await this.deployer.sendTransaction({
        account: this.deployer.account,
        chain: this.deployer.chain,
        ...(tx.to ? { to: tx.to } : {}),
        data: tx.data,
        value: tx.value,
        nonce,
      });
      this.nextNonce = nonce + 1;
      this.hooks.afterSend?.(key);
      step.hash = hash;
      this.save();
      receipt = await mined(this.publicClient, hash);
    }
    const step = this.data.steps[key]!;
    Object.assign(step, {
      hash: receipt.transactionHash,
      block: Number(receipt.blockNumber),
      done: true,
      ...(receipt.contractAddress ? { address: receipt.contractAddress.toLowerCase() as Address } : {}),
    });
    this.save();
    this.hooks.afterStep?.(key);
    return receipt;
  }

  /**
   * A step recorded as under way: its receipt when its transaction was mined, null when it never
   * left (send it again with the same nonce) or was mined and reverted (it changed nothing: send it
   * again). Anything else stops the deployment for a person to look.
   */
  private async settle(key: string, step: Step): Promise<TransactionReceipt | null> {
    const from = this.deployer.account.address;
    if (step.hash) {
      const receipt = await this.publicClient.getTransactionReceipt({ hash: step.hash }).catch(() => null);
      if (receipt) return receipt.status === "success" ? receipt : null;
    }
    const minedNonce = await this.publicClient.getTransactionCount({ address: from, blockTag: "latest" });
    if (minedNonce <= step.nonce) {
      const pending = await this.publicClient.getTransactionCount({ address: from, blockTag: "pending" });
      if (pending <= step.nonce) return null;
      if (!step.hash)
        throw new Error(`step ${key}: a transaction with nonce ${step.nonce} is pending; run the deploy again once it is mined`);
      const receipt = await this.publicClient.waitForTransactionReceipt({ hash: step.hash });
      return receipt.status === "success" ? receipt : null;
    }
    const tx = await this.findByNonce(from, step.nonce);
    if (!tx || keccak256(tx.input) !== step.inputHash || (tx.to?.toLowerCase() ?? null) !== (step.to?.toLowerCase() ?? null))
      throw new Error(
        `step ${key}: the deployer's nonce ${step.nonce} went to a transaction that is not this step's; look before deploying on`,
      );
    const receipt = await this.publicClient.getTransactionReceipt({ hash: tx.hash });
    return receipt.status === "success" ? receipt : null;
  }

  /** The deployer's transaction with `nonce`, searched from the last block this journal saw. */
  private async findByNonce(from: Address, nonce: number) {
    const blocks = Object.values(this.data.steps).flatMap((s) => (s.block === undefined ? [] : [s.block]));
    const latest = await this.publicClient.getBlockNumber();
    for (let n = BigInt(Math.max(this.data.startBlock, ...blocks)); n <= latest; n++) {
      const block = await this.publicClient.getBlock({ blockNumber: n, includeTransactions: true });
      const tx = block.transactions.find((t) => t.from.toLowerCase() === from.toLowerCase() && t.nonce === nonce);
      if (tx) return tx;
    }
    return undefined;
  }

  private save(): void {
    if (!this.file) return;
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.data, null, 2) + "\n");
    fs.renameSync(tmp, this.file);
  }
}
