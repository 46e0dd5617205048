import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Abi, Hash, TransactionReceipt } from "viem";
import { useConfig } from "wagmi";
import { getClient } from "wagmi/actions";
import { toast } from "../toast";
import { explorerTxLink } from "./explorer";
import { clearPendingTx, loadPendingTx, savePendingTx } from "./pending-tx";
import { decodeRevert, parseTxError } from "./tx-error";

/**
 * The phases of one write: signing (a permit the transaction carries, when it needs one) →
 * waiting for the wallet → submitted (hash known) → confirming (waiting for the receipt) →
 * confirmed, or rejected (the user said no), reverted (the chain said no, with the decoded custom
 * error) or failed (anything else: RPC down, wrong network).
 */
export type TxPhase =
  "idle" | "signing" | "waiting" | "submitted" | "confirming" | "confirmed" | "rejected" | "reverted" | "failed";

/**
 * What `run` hands its `send`: a send that signs first reports when the signature is done; a send
 * of an EIP-5792 batch reports the batch's id once the wallet took it (kept for a reload), and
 * resolves the hash of the transaction that carried its last call (use-batch-calls.ts).
 */
export interface TxSendSteps {
  signed: () => void;
  batchSent: (callsId: string) => void;
}

export interface TxRunOptions {
  /** The send asks for a signature before the transaction (an ERC-2612 permit): start in "signing". */
  signsFirst?: boolean;
}

export interface TxState {
  phase: TxPhase;
  label: string | null;
  hash: Hash | null;
  /** The decoded revert or the wallet's message. */
  error: string | null;
  explorerUrl: string | null;
}

const IDLE: TxState = { phase: "idle", label: null, hash: null, error: null, explorerUrl: null };

export interface TransactorOptions {
  /** Names the flow in localStorage, so that a reload resumes its pending transaction. */
  key: string;
  /** ABI(s) whose custom errors a revert may carry. */
  abi?: Abi;
  /** After a confirmed transaction (the runner has already refreshed the contract reads). */
  onConfirmed?: (receipt: TransactionReceipt, label: string) => void;
  /** A message the user can act on for a decoded revert ("Name(args)"), or null to show it as is. */
  explainRevert?: (revert: string) => string | null;
}

/** wagmi's read queries: readContract(s), balance, token, block number. */
const WAGMI_READS = new Set(["readContract", "readContracts", "balance", "token", "blockNumber"]);

export function isBusy(phase: TxPhase): boolean {
  return phase === "signing" || phase === "waiting" || phase === "submitted" || phase === "confirming";
}

/**
 * The one transaction runner for every contract write (scaffold-eth-2's useTransactor, with
 * states the page can render). Usage:
 *
 *     const tx = useTransactor({ key: "recharge", abi: gameAbi, onConfirmed });
 *     const { writeContractAsync } = useWriteGameRecharge();
 *     await tx.run("recharge", () => writeContractAsync({ address, args }));
 *
 * `run` resolves the receipt when confirmed, or null when the transaction was rejected, reverted
 * or failed (the state says which and why; a toast says so too). One transaction per runner at
 * a time. The hash of a submitted transaction is kept in localStorage until it is mined, so a
 * reload resumes waiting for it (the state then starts in "confirming").
 */
export function useTransactor({ key, abi, onConfirmed, explainRevert }: TransactorOptions) {
  const { t } = useTranslation();
  const config = useConfig();
  const queryClient = useQueryClient();
  // A transaction submitted before a reload starts the runner in "confirming".
  const [resumable] = useState(() => loadPendingTx(key, config.state.chainId));
  const [state, setState] = useState<TxState>(() =>
    resumable
      ? {
          ...IDLE,
          phase: "confirming",
          label: resumable.label,
          hash: resumable.hash ?? null,
          explorerUrl: resumable.hash ? explorerTxLink(resumable.hash) : null,
        }
      : IDLE,
  );
  const onConfirmedRef = useRef(onConfirmed);
  const abiRef = useRef(abi);
  const explainRef = useRef(explainRevert);
  useEffect(() => {
    onConfirmedRef.current = onConfirmed;
    abiRef.current = abi;
    explainRef.current = explainRevert;
  });

  /** Waits for the receipt of a submitted transaction (the state is already "confirming"). */
  const settle = useCallback(
    async (hash: Hash, label: string): Promise<TransactionReceipt | null> => {
      let receipt: TransactionReceipt;
      try {
        // The plain client with viem's actions imported one by one (wagmi's getPublicClient brings
        // every public action: ENS, signatures, simulations), and those only now (chain-writes.ts).
        const client = getClient(config);
        if (!client) throw new Error("No chain client");
        const { waitForTransactionReceipt } = await import("./chain-writes");
        receipt = await waitForTransactionReceipt(client, { hash });
      } catch (error) {
        const failure = parseTxError(error, abiRef.current);
        setState((s) => ({ ...s, phase: "failed", error: failure.message }));
        toast.error(t("tx.failed", { message: failure.message }));
        return null;
      }
      clearPendingTx(key);
      // Every contract read may have changed: refetch the active ones.
      void queryClient.invalidateQueries({ predicate: (q) => WAGMI_READS.has(String(q.queryKey[0])) });
      if (receipt.status === "reverted") {
        let reason: string | null = null;
        try {
          const client = getClient(config)!;
          const { call, getTransaction } = await import("./chain-writes");
          // Replaying the call at its block gives back the revert data the receipt does not carry.
          const tx = await getTransaction(client, { hash });
          await call(client, { account: tx.from, to: tx.to, data: tx.input, value: tx.value, blockNumber: receipt.blockNumber });
        } catch (error) {
          reason = decodeRevert(error, abiRef.current);
        }
        const message = reason ? (explainRef.current?.(reason) ?? reason) : t("tx.unknownReason");
        setState((s) => ({ ...s, phase: "reverted", error: message }));
        toast.error(t("tx.reverted", { message }));
        return null;
      }
      setState((s) => ({ ...s, phase: "confirmed", error: null }));
      toast.success(t("tx.confirmed"));
      onConfirmedRef.current?.(receipt, label);
      return receipt;
    },
    [config, key, queryClient, t],
  );

  const run = useCallback(
    async (
      label: string,
      send: (steps: TxSendSteps) => Promise<Hash>,
      options: TxRunOptions = {},
    ): Promise<TransactionReceipt | null> => {
      setState({ ...IDLE, phase: options.signsFirst ? "signing" : "waiting", label });
      let hash: Hash;
      try {
        hash = await send({
          signed: () => setState((s) => ({ ...s, phase: "waiting" })),
          batchSent: (callsId) => {
            savePendingTx(key, { callsId, label, chainId: config.state.chainId, submittedAt: Date.now() });
            setState((s) => ({ ...s, phase: "confirming" }));
          },
        });
      } catch (error) {
        const parsed = parseTxError(error, abiRef.current);
        const failure =
          parsed.kind === "reverted" ? { ...parsed, message: explainRef.current?.(parsed.message) ?? parsed.message } : parsed;
        setState({ ...IDLE, phase: failure.kind, label, error: failure.message || null });
        if (failure.kind === "rejected") toast.info(t("tx.rejected"));
        else if (failure.kind === "reverted") {
          toast.error(t("tx.reverted", { message: failure.message }));
          // A call refused before sending usually means the page's reads are stale: refresh them.
          void queryClient.invalidateQueries({ predicate: (q) => WAGMI_READS.has(String(q.queryKey[0])) });
        } else toast.error(t("tx.failed", { message: failure.message }));
        return null;
      }
      savePendingTx(key, { hash, label, chainId: config.state.chainId, submittedAt: Date.now() });
      setState({ ...IDLE, phase: "submitted", label, hash, explorerUrl: explorerTxLink(hash) });
      toast.info(t("tx.submitted"));
      setState((s) => ({ ...s, phase: "confirming" }));
      return settle(hash, label);
    },
    [config, settle, key, t, queryClient],
  );

  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !resumable) return;
    resumed.current = true;
    if (resumable.hash) {
      void settle(resumable.hash, resumable.label);
      return;
    }
    // A batch sent before the reload: its transaction's hash comes from the wallet's status.
    const callsId = resumable.callsId!;
    void (async () => {
      let hash: Hash;
      try {
        const { batchTransactionHash } = await import("./batch-status");
        hash = await batchTransactionHash(config, callsId);
      } catch (error) {
        const failure = parseTxError(error, abiRef.current);
        clearPendingTx(key);
        setState((s) => ({ ...s, phase: "failed", error: failure.message }));
        return;
      }
      savePendingTx(key, { hash, label: resumable.label, chainId: config.state.chainId, submittedAt: Date.now() });
      setState((s) => ({ ...s, hash, explorerUrl: explorerTxLink(hash) }));
      await settle(hash, resumable.label);
    })();
  }, [resumable, settle, config, key]);

  const reset = useCallback(() => setState(IDLE), []);
  return { state, run, reset, busy: isBusy(state.phase) };
}
