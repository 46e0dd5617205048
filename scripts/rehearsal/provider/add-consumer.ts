/**
 * Adds a VRF consumer to the provider's subscription, as the subscription's owner does in
 * Chainlink's app: only an added consumer may request words on it.
 */
import { getAddress, isAddress } from "viem";
import { parseCommand, runMain, signerOf } from "./cli";
import { readCompleteOutput } from "./output";
import { addConsumer } from "./vrf";

const USAGE = `
Usage: node --import tsx scripts/rehearsal/provider/add-consumer.ts --keystore FILE --password-file FILE --consumer ADDRESS`;

runMain(async () => {
  const values = parseCommand(USAGE, { consumer: { type: "string" } });
  const consumer = values.consumer;
  if (!consumer || !isAddress(consumer)) throw new Error("--consumer must be the consumer contract's address");
  const output = readCompleteOutput(values.out!);
  const signer = await signerOf(values);
  const added = await addConsumer(signer, output, getAddress(consumer));
  console.log(`${consumer} ${added ? "added to" : "was already on"} subscription ${output.subscriptionId}`);
});
