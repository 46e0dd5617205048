/*
 * The code that builds, signs and follows a transaction: wagmi's writeContract (viem's transaction
 * preparation, fee estimation, serialisation, signature recovery) and the receipt actions. About a
 * tenth of a protocol page's script, needed only once the connected user sends or a pending
 * transaction resumes, so it is loaded then (lazy-write.ts, use-transactor.ts, use-batch-calls.ts).
 */
export { sendCalls, waitForCallsStatus, writeContract } from "wagmi/actions";
export { call, getTransaction, waitForTransactionReceipt } from "viem/actions";
