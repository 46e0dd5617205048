import path from "node:path";
import { erc20Abi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { JOURNEY_NEEDS, JOURNEY_STEPS, runJourney } from "../rehearsal/journey";
import { withdrawableFromLedger } from "../rehearsal/journey/ledger-credit";
import { units } from "../rehearsal/journey/support";
import { protocolChain } from "./support/protocol-chain";
import { hardhatAccount } from "./support/shop-fixtures";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");
const dataDir = inject("dataDir");

/** Fresh keys the node does not hold, as in the rehearsal, where no account is unlocked. */
const user = privateKeyToAccount(generatePrivateKey());
const inviter = privateKeyToAccount(generatePrivateKey());
let chain: ReturnType<typeof protocolChain>;

beforeAll(async () => {
  chain = protocolChain(rpcUrl, dataDir);
  // The user's wallet, funded by the owner (#0) as the rehearsal's provider funds it: the native
  // coin and USDT (6 decimals on this chain).
  const hash = await chain.owner.sendTransaction({ to: user.address, value: units(JOURNEY_NEEDS.native, 18) });
  await chain.publicClient.waitForTransactionReceipt({ hash });
  await chain.write(0, chain.c.usdt!, erc20Abi, "transfer", [user.address, units(JOURNEY_NEEDS.usdt, 6)]);
});

describe("the production rehearsal's browser journey, on the e2e stack", () => {
  it(
    "signs up an inviter and the invited user, recharges, buys, withdraws, swaps, stakes and plays a lottery round",
    async () => {
      const lines: string[] = [];
      const result = await runJourney({
        webUrl,
        apiUrl,
        rpcUrl,
        chainId: 31337,
        deploymentsFile: path.join(dataDir, "deployments.json"),
        dataDir,
        user,
        inviter,
        // The e2e stack sets no ADMIN_ADDRESSES: on the local chain Hardhat #0 is the admin.
        admins: [hardhatAccount(0)],
        ignoreHttpsErrors: false,
        screenshotsDir: path.join("test-results", "screenshots"),
        timeouts: { chainMs: 120_000 },
        log: (line) => {
          lines.push(line);
          process.stdout.write(`[journey] ${line}\n`);
        },
        creditWithdrawable: withdrawableFromLedger({ sqliteFile: path.join(dataDir, "app.sqlite") }),
        // This stack's lottery rounds last an hour: its clock is moved to the round's end, where
        // the rehearsal's chain, a block a second, gets there by itself.
        chainTimeReaches: async (timestamp) => {
          const now = (await chain.publicClient.getBlock()).timestamp;
          if (timestamp > now) await chain.increaseTime(Number(timestamp - now));
        },
      });
      expect(result.steps.map((s) => s.name)).toEqual(JOURNEY_STEPS.map((s) => s.name));
      expect(lines.filter((l) => / done in /.test(l))).toHaveLength(JOURNEY_STEPS.length);
    },
    15 * 60_000,
  );
});
