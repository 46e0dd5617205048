import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { keccak256, parseEther, toHex, type Address, type Hex } from "viem";
import { as, defaultConfig, type Protocol } from "./deploy-protocol";
import type { Caller } from "./gas-types";

export interface BoardroomSteps {
  u: (i: number) => ReturnType<typeof as>;
  a: (i: number) => Address;
  send: (hash: Promise<Hex>) => Promise<unknown>;
  measure: (contract: string, fn: string, note: string, caller: Caller, hash: Promise<Hex>) => Promise<unknown>;
  increase: (seconds: number) => Promise<void>;
  random: () => bigint;
}

/**
 * The boardroom's costly cases: every seat taken (MAX_DIRECTORS = 15, so each signature tallies
 * 15 directors), and an unstake that takes five ancestors' dividend weight and boardroom
 * standing at once. Directors #3..#5 are seated; a line L1 ← … ← L16 of fresh accounts under #0,
 * with L1..L12 staking the director threshold of their own (a seat needs it) and L16 staking
 * 25,000, gives twelve more senior accounts: L1..L10 have Senior teams through the line's own
 * stakes, L11 and L12 only with L16's stake.
 */
export async function boardroomAtCapacity(hre: HardhatRuntimeEnvironment, p: Protocol, s: BoardroomSteps) {
  const line: ReturnType<typeof as>[] = [];
  const lineAddress: Address[] = [];
  let inviter = s.a(0);
  for (let i = 1; i <= 16; i++) {
    const address = keccak256(toHex(`gas-scenario-line-${i}`)).slice(0, 42) as Address;
    await hre.network.provider.send("hardhat_impersonateAccount", [address]);
    await hre.network.provider.send("hardhat_setBalance", [address, toHex(parseEther("10"))]);
    const wallet = await hre.viem.getWalletClient(address);
    line.push(as(p, wallet));
    lineAddress.push(address);
    await s.send(line[i - 1]!.dao.write.bindInviter([inviter]));
    inviter = address;
  }
  const stakes: [number, bigint][] = [
    ...Array.from({ length: 12 }, (_, k): [number, bigint] => [k, defaultConfig.directorThreshold]),
    [15, parseEther("25000")],
  ];
  for (const [k, amount] of stakes) {
    await s.send(s.u(0).pex.write.transfer([lineAddress[k]!, amount]));
    await s.send(line[k]!.pex.write.approve([p.spex.address, amount]));
    await s.send(line[k]!.spex.write.stake([amount, s.random()]));
  }
  await s.increase(Number(defaultConfig.seniorityPeriod));
  await s.send(s.u(0).spex.write.rebase());
  const seated = Number(await p.dao.read.directors().then((d) => d.length));
  const max = Number(await p.dao.read.MAX_DIRECTORS());
  // L1..L12 are senior (L13..L15 have no stake of their own); L11..L15 are Senior Nodes only
  // with L16's stake.
  const joining = [...lineAddress.keys()].slice(0, max - seated);
  for (const k of joining) await s.send(line[k]!.dao.write.joinDirector());

  const spend = s.random();
  await s.send(s.u(3).dao.write.createSpendProposal([spend, p.usdb.address, s.a(9), parseEther("10"), 86_400n]));
  const required = Number(await p.dao.read.requiredSignatures());
  const signers = [s.u(4), s.u(5), ...joining.map((k) => line[k]!)].slice(0, required - 1);
  for (const [i, signer] of signers.entries()) {
    const last = i === signers.length - 1;
    const hash = signer.dao.write.passProposal([spend]);
    if (i === signers.length - 2)
      await s.measure("DAO", "passProposal", "signature below the threshold, 15 directors", "user", hash);
    else if (last) await s.measure("DAO", "passProposal", "last signature executes the spend, 15 directors", "user", hash);
    else await s.send(hash);
  }

  // L11..L15 are Senior Nodes with L16's stake: weight 8 once poked. L16 unstakes it all, and
  // the five lose their level (L11 and L12 their seats' standing too).
  await s.measure("DAO", "pokeNode", "weight raised", "anyone", s.u(0).dao.write.pokeNode([lineAddress[10]!]));
  for (const k of [11, 12, 13, 14]) await s.send(s.u(0).dao.write.pokeNode([lineAddress[k]!]));
  await s.increase(defaultConfig.epochLength);
  await s.measure(
    "SPEX",
    "unStake",
    "worst case: five ancestors lose their dividend weight and boardroom standing, triggers the due rebase",
    "user",
    line[15]!.spex.write.unStake([await p.spex.read.stakeCount()]),
  );
  await s.measure("DAO", "removeIneligibleDirector", "", "anyone", s.u(0).dao.write.removeIneligibleDirector([lineAddress[11]!]));
}
