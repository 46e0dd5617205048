/**
 * Chainlink's VRF node for the rehearsal's chain (fulfiller.ts): answers every request for the
 * provider's key on its coordinator, once, until stopped (SIGINT or SIGTERM end it after the
 * fulfilment under way; a harder stop is safe too, the next start picks up what is pending).
 */
import { parseCommand, runMain, signerOf } from "./cli";
import { runFulfiller } from "./fulfiller";
import { readCompleteOutput } from "./output";

const USAGE = `
Usage: node --import tsx scripts/rehearsal/provider/fulfil-vrf.ts --keystore FILE --password-file FILE [options]

  --poll-ms MS           milliseconds between two looks at the chain (default 1000)`;

runMain(async () => {
  const values = parseCommand(USAGE, { "poll-ms": { type: "string", default: "1000" } });
  const pollMs = Number(values["poll-ms"]);
  if (!Number.isSafeInteger(pollMs) || pollMs < 50) throw new Error("--poll-ms must be a whole number of at least 50");
  const output = readCompleteOutput(values.out!);
  const signer = await signerOf(values);
  if (signer.chain.id !== output.chainId)
    throw new Error(`${values.out} is for chain ${output.chainId}, the RPC serves ${signer.chain.id}`);
  const stop = new AbortController();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop.abort());
  await runFulfiller(signer, output, { pollMs, signal: stop.signal });
});
