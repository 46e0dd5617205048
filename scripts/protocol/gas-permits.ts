import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { Address, Hex } from "viem";
import { permitDeadline, permitTypedData } from "../../domain/permit";
import { permitSignatureParts } from "../../domain/permit-signature";
import type { WalletClient } from "./contracts";
import { as, type Protocol } from "./deploy-protocol";
import type { Caller } from "./gas-types";

type Measure = (contract: string, fn: string, note: string, caller: Caller, hash: Promise<Hex>) => Promise<unknown>;

/** `wallet`'s ERC-2612 permit for `spender` to spend `value` of PEX or USDB (domain/permit.ts). */
export async function signPermitFor(
  p: Protocol,
  token: Protocol["pex"] | Protocol["usdb"],
  wallet: WalletClient,
  spender: Address,
  value: bigint,
) {
  const [, name, version, chainId, verifyingContract] = await token.read.eip712Domain();
  const owner = wallet.account.address;
  const nonce = await token.read.nonces([owner]);
  const deadline = permitDeadline((await p.publicClient.getBlock()).timestamp);
  const typed = permitTypedData({ name, version, chainId, verifyingContract }, { owner, spender, value, nonce, deadline });
  const signature = await wallet.signTypedData({ account: wallet.account, ...typed });
  return { deadline, ...permitSignatureParts(signature) };
}

/**
 * Measures a `…WithPermit` call in the state its plain twin is about to be measured in, then
 * undoes it (a snapshot), so the two rows compare like for like. The allowance is reset first:
 * the permit then writes it from zero and uses the owner's first nonce, its costly case.
 */
export async function measureWithPermitAside(
  hre: HardhatRuntimeEnvironment,
  measure: Measure,
  resetAllowance: () => Promise<unknown>,
  row: { contract: string; fn: string; note: string },
  call: () => Promise<Hex>,
): Promise<void> {
  const snapshot = await hre.network.provider.send("evm_snapshot", []);
  await resetAllowance();
  await measure(row.contract, row.fn, row.note, "user", call());
  await hre.network.provider.send("evm_revert", [snapshot]);
}

/**
 * The `…WithPermit` rows of the gas scenario for `wallet` (the staker with the full-depth
 * invitation chain): each measured beside its plain twin's costly case.
 */
export function permitCases(
  hre: HardhatRuntimeEnvironment,
  p: Protocol,
  wallet: WalletClient,
  measure: Measure,
  send: (hash: Promise<Hex>) => Promise<unknown>,
) {
  const mine = as(p, wallet);
  return {
    /** Before `stake`'s worst case: the same stake, approved by a permit instead. */
    stake: (amount: bigint, random: bigint, note: string) =>
      measureWithPermitAside(
        hre,
        measure,
        () => send(mine.pex.write.approve([p.spex.address, 0n])),
        { contract: "SPEX", fn: "stakeWithPermit", note: `${note}, the permit's first nonce` },
        async () => {
          const s = await signPermitFor(p, p.pex, wallet, p.spex.address, amount);
          return mine.spex.write.stakeWithPermit([amount, random, s.deadline, s.v, s.r, s.s]);
        },
      ),
    /** Before `accelerateProfit`'s case `note`: the fee permitted with a 1 % ceiling above the quote. */
    accelerate: (id: bigint, day: bigint, note: string) =>
      measureWithPermitAside(
        hre,
        measure,
        () => send(mine.usdb.write.approve([p.spex.address, 0n])),
        { contract: "SPEX", fn: "accelerateProfitWithPermit", note: `${note}, the permit's first nonce` },
        async () => {
          const [, fee] = await p.spex.read.quoteAcceleration([id, day]);
          const maxFee = (fee * 101n) / 100n;
          const s = await signPermitFor(p, p.usdb, wallet, p.spex.address, maxFee);
          return mine.spex.write.accelerateProfitWithPermit([id, day, maxFee, s.deadline, s.v, s.r, s.s]);
        },
      ),
    /** WIN funding approved by a permit (kept: the USDB nonce is then used for good). */
    fund: async (amount: bigint) => {
      const s = await signPermitFor(p, p.usdb, wallet, p.win.address, amount);
      await measure(
        "WIN",
        "fundWithPermit",
        "the permit's first nonce",
        "user",
        mine.win.write.fundWithPermit([amount, s.deadline, s.v, s.r, s.s]),
      );
    },
  };
}
