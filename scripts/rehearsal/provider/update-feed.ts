/**
 * Pushes a BNB/USD answer to the provider's feed as Chainlink's transmitters would: a new round
 * dated now. Without --bnb-usd it repeats the latest answer (a heartbeat, which keeps the
 * protocol's staleness check passing); with --every it goes on pushing at that interval until
 * stopped.
 */
import { parseUnits } from "viem";
import { feedBuild } from "./builds";
import { parseCommand, runMain, signerOf } from "./cli";
import { readCompleteOutput } from "./output";
import { FEED_DECIMALS } from "./provision";

const USAGE = `
Usage: node --import tsx scripts/rehearsal/provider/update-feed.ts --keystore FILE --password-file FILE [options]

  --bnb-usd PRICE        the new answer in dollars, e.g. 598.25 (default: the latest answer again)
  --every SECONDS        push again every SECONDS until stopped (default: once)`;

runMain(async () => {
  const values = parseCommand(USAGE, { "bnb-usd": { type: "string" }, every: { type: "string" } });
  const price = values["bnb-usd"];
  if (price !== undefined && !/^[0-9]+(\.[0-9]{1,8})?$/.test(price))
    throw new Error(`--bnb-usd ${price}: expected dollars, e.g. 598.25`);
  const every = values.every === undefined ? undefined : Number(values.every);
  if (every !== undefined && !(Number.isSafeInteger(every) && every > 0))
    throw new Error("--every must be a whole number of seconds");
  const output = readCompleteOutput(values.out!);
  const signer = await signerOf(values);
  const feed = { abi: feedBuild().abi, address: output.feed };
  const latest = () => signer.publicClient.readContract({ ...feed, functionName: "latestRoundData" });
  const given = price === undefined ? undefined : parseUnits(price, FEED_DECIMALS);
  if (given !== undefined && given <= 0n) throw new Error("--bnb-usd must be positive");

  let stopped = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => (stopped = true));
  do {
    const answer = given ?? (await latest())[1];
    await signer.write(feed, "updateAnswer", [answer]);
    const [roundId, , , updatedAt] = await latest();
    console.log(`BNB/USD round ${roundId}: ${answer} (8 decimals) at ${new Date(Number(updatedAt) * 1000).toISOString()}`);
    for (let waited = 0; every !== undefined && !stopped && waited < every * 1000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } while (every !== undefined && !stopped);
});
