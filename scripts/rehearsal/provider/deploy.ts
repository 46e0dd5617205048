/**
 * Deploys what the rehearsal's chain already has on BNB Smart Chain (USDT, a DEX with PancakeSwap
 * V2's fee, a BNB/USD feed, a VRF v2.5 coordinator with a funded subscription) and writes their
 * addresses to the output file. Rerun with the same file, it reuses what exists and adds only what
 * is missing.
 */
import { getAddress, isAddress, parseUnits, type Hex } from "viem";
import { parseCommand, runMain, signerOf } from "./cli";
import { FEED_DECIMALS, provision } from "./provision";

const USAGE = `
Usage: node --import tsx scripts/rehearsal/provider/deploy.ts --keystore FILE --password-file FILE [options]

  --bnb-usd PRICE        BNB/USD in dollars, e.g. 612.5: the feed's first answer (required until the feed exists)
  --holder ADDRESS=USDT  mints that many whole USDT to ADDRESS (repeatable; once per holder and output file)
  --key-hash HEX         the VRF key hash requests must name (default: keccak256("pex rehearsal VRF key"))`;

function holderOf(spec: string) {
  const [address, amount] = spec.split("=");
  if (!address || !isAddress(address) || !amount || !/^[0-9]+(\.[0-9]+)?$/.test(amount))
    throw new Error(`--holder ${spec}: expected ADDRESS=USDT, e.g. 0x…=1000000`);
  return { address: getAddress(address), amount: parseUnits(amount, 18) };
}

runMain(async () => {
  const values = parseCommand(USAGE, {
    "bnb-usd": { type: "string" },
    holder: { type: "string", multiple: true, default: [] },
    "key-hash": { type: "string" },
  });
  const bnbUsd = values["bnb-usd"];
  if (bnbUsd !== undefined && !/^[0-9]+(\.[0-9]{1,8})?$/.test(bnbUsd))
    throw new Error(`--bnb-usd ${bnbUsd}: expected dollars, e.g. 612.5`);
  const keyHash = values["key-hash"];
  if (keyHash !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(keyHash))
    throw new Error(`--key-hash ${keyHash}: expected 32 bytes in hex`);
  const signer = await signerOf(values);
  console.log(`provider ${signer.account.address} on chain ${signer.chain.id}`);
  const output = await provision(signer, values.out!, {
    bnbUsd: bnbUsd === undefined ? undefined : parseUnits(bnbUsd, FEED_DECIMALS),
    holders: (values.holder as string[]).map(holderOf),
    keyHash: keyHash as Hex | undefined,
  });
  console.log(`provider's contracts written to ${values.out}:`);
  console.log(JSON.stringify(output, null, 2));
});
