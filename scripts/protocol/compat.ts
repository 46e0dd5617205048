/**
 * Calls every function of the existing client's ABI (the compatibility list in
 * docs/contracts.md) on deployed contracts with demo data, from the accounts the demo seeded.
 * Used by scripts/call-compat.ts against a node and by the contract tests in-process.
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { BaseError, parseEther, parseUnits, type Address, type Hex } from "viem";
import { mined, revertErrorName, type Abis, type PublicClient, type Typed, type WalletClient } from "./contracts";
import { as, type Protocol } from "./deploy-protocol";

export type ProtocolContracts = Pick<
  Protocol,
  | "publicClient"
  | "usdt"
  | "usdb"
  | "pex"
  | "spex"
  | "win"
  | "win1"
  | "dao"
  | "front"
  | "ido"
  | "game"
  | "treasury1"
  | "treasury2"
  | "priceFeed"
  | "pexEthPair"
  | "uniswapRouter"
>;

/** Contract handles for the addresses of a deployments file. */
export async function attachProtocol(
  hre: HardhatRuntimeEnvironment,
  addresses: Record<string, Address>,
): Promise<ProtocolContracts> {
  const at = async <K extends keyof Abis>(name: string, key: string) => {
    const address = addresses[key];
    if (!address) throw new Error(`the deployments file has no "${key}" address`);
    return (await hre.viem.getContractAt(name, address)) as unknown as Typed<K>;
  };
  return {
    publicClient: await hre.viem.getPublicClient(),
    usdt: await at<"testUsdtAbi">("TestUSDT", "usdt"),
    usdb: await at<"usdbAbi">("USDB", "usdb"),
    pex: await at<"pexAbi">("PEX", "pex"),
    spex: await at<"spexAbi">("SPEX", "spex"),
    win: await at<"winAbi">("WIN", "win"),
    win1: await at<"win1Abi">("WIN1", "win1"),
    dao: await at<"daoAbi">("DAO", "dao"),
    front: await at<"frontAbi">("Front", "front"),
    ido: await at<"idoAbi">("IDO", "ido"),
    game: await at<"gameAbi">("Game", "game"),
    treasury1: await at<"treasuryAbi">("Treasury", "treasury1"),
    treasury2: await at<"treasuryAbi">("Treasury", "treasury2"),
    priceFeed: await at<"ethUsdPriceFeedAbi">("EthUsdPriceFeed", "priceFeed"),
    pexEthPair: addresses.pexEthPair as Address,
    uniswapRouter: addresses.uniswapRouter as Address,
  };
}

export interface CompatResult {
  contract: string;
  signature: string;
  ok: boolean;
  /** Return value, transaction gas, or the error. */
  detail: string;
}

/** The compatibility list: each signature and the contract that implements it. */
export const COMPAT_SIGNATURES: [contract: string, signature: string][] = [
  ["Front", "lpBond(uint256,uint256,uint256)"],
  ["Front", "ethBond(uint256)"],
  ["SPEX", "stake(uint256,uint256)"],
  ["SPEX", "unStake(uint256)"],
  ["SPEX", "calculationProfit(uint256)"],
  ["SPEX", "claimProfit(uint256,uint256)"],
  ["SPEX", "accelerateProfit(uint256,uint256)"],
  ["Front", "getFreeRisk()"],
  ["Front", "getEthUSDBNeeded(uint256)"],
  ["Front", "getPexUSDBNeeded(uint256)"],
  ["Front", "getPexUSDBPrice()"],
  ["Front", "getLpRewardRate()"],
  ["SPEX", "getProfitById(uint256)"],
  ["SPEX", "getNextRebase()"],
  ["SPEX", "getClaimProfitById(uint256)"],
  ["WIN", "getPrice()"],
  ["WIN1", "getPrice()"],
  ["WIN", "redeem(uint256)"],
  ["WIN1", "redeem(uint256)"],
  ["Front", "getEthBalance(address)"],
  ["Front", "getEthPrice()"],
  ["Front", "getLpBondParams(uint256)"],
  ["IDO", "claimPex65()"],
  ["IDO", "claimPex35()"],
  ["IDO", "getPart65(address)"],
  ["IDO", "getPart35(address)"],
  ["IDO", "getClaimed35(address)"],
  ["IDO", "getCanClaim35(address)"],
  ["IDO", "getTotal()"],
  ["DAO", "joinDirector()"],
  ["DAO", "createProposal(uint256)"],
  ["DAO", "passProposal(uint256)"],
  ["DAO", "getDirector()"],
  ["DAO", "getProposal(uint256)"],
  ["DAO", "getPass(uint256)"],
  ["Game", "recharge(address,uint256,uint256)"],
];

const TOKEN_SIGNATURES = [
  "name()",
  "symbol()",
  "decimals()",
  "totalSupply()",
  "initialSupply()",
  "balanceOf(address)",
  "transfer(address,uint256)",
  "approve(address,uint256)",
];

function describeError(err: unknown): string {
  const name = revertErrorName(err);
  if (name) return `reverted: ${name}`;
  return err instanceof BaseError ? err.shortMessage : String(err);
}

/**
 * Runs the list. `wallets` are the chain's accounts (#0 owner, #1..#7 the demo accounts).
 * Every call must succeed, except sPEX `transfer`, which is expected to revert with
 * `SPexTransferDisabled` (sPEX is bound to stake positions).
 */
export async function runCompat(c: ProtocolContracts, wallets: WalletClient[]): Promise<CompatResult[]> {
  const pc: PublicClient = c.publicClient;
  const results: CompatResult[] = [];
  const p = c as unknown as Protocol;
  const user = (i: number) => as(p, wallets[i]!);
  const addr = (i: number): Address => wallets[i]!.account.address;
  let random = BigInt(Date.now()) * 10n; // 14 digits: unique per run and apart from the demo's references

  const call = async (contract: string, signature: string, fn: () => Promise<unknown>) => {
    try {
      const value = await fn();
      results.push({ contract, signature, ok: true, detail: show(value) });
    } catch (err) {
      results.push({ contract, signature, ok: false, detail: describeError(err) });
    }
  };
  const tx = async (hash: Promise<Hex>) => `gas ${(await mined(pc, hash)).gasUsed}`;
  const show = (v: unknown): string =>
    typeof v === "bigint"
      ? v.toString()
      : Array.isArray(v)
        ? `[${v.map(show).join(", ")}]`
        : typeof v === "string"
          ? v
          : JSON.stringify(v);

  // ---- Front: bonds, prices, balances
  const u1 = user(1);
  const eth = parseEther("0.1");
  await call("Front", "getEthBalance(address)", () => c.front.read.getEthBalance([addr(1)]));
  await call("Front", "getEthPrice()", () => c.front.read.getEthPrice());
  await call("Front", "getEthUSDBNeeded(uint256)", () => c.front.read.getEthUSDBNeeded([eth]));
  await call("Front", "getPexUSDBNeeded(uint256)", () => c.front.read.getPexUSDBNeeded([parseEther("100")]));
  await call("Front", "getPexUSDBPrice()", () => c.front.read.getPexUSDBPrice());
  await call("Front", "getLpRewardRate()", () => c.front.read.getLpRewardRate());
  await call("Front", "getFreeRisk()", () => c.front.read.getFreeRisk());
  await call("Front", "getLpBondParams(uint256)", () => c.front.read.getLpBondParams([eth]));
  await call("Front", "ethBond(uint256)", () => tx(u1.front.write.ethBond([random++], { value: eth })));
  await call("Front", "lpBond(uint256,uint256,uint256)", async () => {
    const [, payout] = await c.front.read.getLpBondParams([eth]);
    const deadline = (await pc.getBlock()).timestamp + 600n;
    return tx(u1.front.write.lpBond([random++, (payout * 995n) / 1000n, deadline], { value: eth }));
  });

  // ---- SPEX: staking
  const openStakes = async (i: number) => (await c.spex.read.getStakes([addr(i)])).filter((s) => !s.closed);
  const u3 = user(3);
  const withProfit = (await openStakes(3)).find((s) => s.claimable > 0n) ?? (await openStakes(1)).find((s) => s.claimable > 0n);
  const profitId = withProfit?.id ?? 1n;
  await call("SPEX", "getNextRebase()", () => c.spex.read.getNextRebase());
  await call("SPEX", "calculationProfit(uint256)", () => c.spex.read.calculationProfit([profitId]));
  await call("SPEX", "getProfitById(uint256)", () => c.spex.read.getProfitById([profitId]));
  await call("SPEX", "getClaimProfitById(uint256)", () => c.spex.read.getClaimProfitById([profitId]));
  const owner3 = withProfit && withProfit.owner === addr(1) ? u1 : u3;
  await call("SPEX", "claimProfit(uint256,uint256)", () => tx(owner3.spex.write.claimProfit([profitId, random++])));
  await call("SPEX", "accelerateProfit(uint256,uint256)", async () => {
    const [, fee] = await c.spex.read.quoteAcceleration([profitId, 1n]);
    await mined(pc, owner3.usdb.write.approve([c.spex.address, fee]));
    return tx(owner3.spex.write.accelerateProfit([profitId, 1n]));
  });
  const u5 = user(5);
  await call("SPEX", "stake(uint256,uint256)", async () => {
    await mined(pc, u5.pex.write.approve([c.spex.address, parseEther("100")]));
    return tx(u5.spex.write.stake([parseEther("100"), random++]));
  });
  await call("SPEX", "unStake(uint256)", async () => {
    const stakes = await openStakes(5);
    const last = stakes[0];
    if (!last) throw new Error("account #5 has no open position");
    return tx(u5.spex.write.unStake([last.id]));
  });

  // ---- WIN and WIN1
  await call("WIN", "getPrice()", () => c.win.read.getPrice());
  await call("WIN1", "getPrice()", () => c.win1.read.getPrice());
  await call("WIN", "redeem(uint256)", () => tx(u1.win.write.redeem([parseEther("10")])));
  await call("WIN1", "redeem(uint256)", () => tx(u1.win1.write.redeem([parseEther("10")])));

  // ---- IDO
  await call("IDO", "getTotal()", () => c.ido.read.getTotal());
  await call("IDO", "getPart65(address)", () => c.ido.read.getPart65([addr(2)]));
  await call("IDO", "getPart35(address)", () => c.ido.read.getPart35([addr(2)]));
  await call("IDO", "getClaimed35(address)", () => c.ido.read.getClaimed35([addr(2)]));
  await call("IDO", "getCanClaim35(address)", () => c.ido.read.getCanClaim35([addr(2)]));
  await call("IDO", "claimPex65()", async () => {
    for (const i of [1, 2, 3]) {
      if (!(await c.ido.read.getReleaseInfo([addr(i)])).claimed65) return tx(user(i).ido.write.claimPex65());
    }
    throw new Error("every demo allocation has claimed its 65 % already");
  });
  await call("IDO", "claimPex35()", () => tx(user(3).ido.write.claimPex35()));

  // ---- DAO: boardroom
  await call("DAO", "joinDirector()", async () => {
    for (let i = 0; i < wallets.length && i < 8; i++) {
      const a = addr(i);
      if (await c.dao.read.isDirector([a])) continue;
      // Senior: a Senior Node above the director threshold for the whole seniority period.
      if ((await c.dao.read.seniorityOf([a])).senior) return tx(user(i).dao.write.joinDirector());
    }
    throw new Error("no senior account left to join");
  });
  const proposal = random++;
  await call("DAO", "createProposal(uint256)", () => tx(u1.dao.write.createProposal([proposal])));
  await call("DAO", "passProposal(uint256)", () => tx(user(2).dao.write.passProposal([proposal])));
  await call("DAO", "getDirector()", () => c.dao.read.getDirector({ account: addr(1) }));
  await call("DAO", "getProposal(uint256)", () => c.dao.read.getProposal([proposal]));
  await call("DAO", "getPass(uint256)", () => c.dao.read.getPass([proposal]));

  // ---- Game
  await call("Game", "recharge(address,uint256,uint256)", async () => {
    await mined(pc, u1.usdt.write.approve([c.game.address, parseUnits("5", 6)]));
    return tx(u1.game.write.recharge([c.usdt.address, random++, parseUnits("5", 6)]));
  });

  // ---- tokens
  // Every token shares these ERC-20 functions; one ABI types them all.
  type Token = Typed<"pexAbi">;
  const tokens: [string, Token, Token][] = [
    ["USDT", c.usdt as unknown as Token, u1.usdt as unknown as Token],
    ["USDB", c.usdb, u1.usdb],
    ["PEX", c.pex, u1.pex],
    ["sPEX", c.spex as unknown as Token, u1.spex as unknown as Token],
    ["WIN", c.win as unknown as Token, u1.win as unknown as Token],
    ["WIN1", c.win1 as unknown as Token, u1.win1 as unknown as Token],
  ];
  for (const [label, token, mine] of tokens) {
    await call(label, "name()", () => token.read.name());
    await call(label, "symbol()", () => token.read.symbol());
    await call(label, "decimals()", () => token.read.decimals());
    await call(label, "totalSupply()", () => token.read.totalSupply());
    await call(label, "initialSupply()", () => token.read.initialSupply());
    await call(label, "balanceOf(address)", () => token.read.balanceOf([addr(1)]));
    await call(label, "approve(address,uint256)", () => tx(mine.write.approve([addr(2), 1n])));
    if (label === "sPEX") {
      await call(label, "transfer(address,uint256)", async () => {
        try {
          await mined(pc, mine.write.transfer([addr(2), 1n]));
        } catch (err) {
          if (describeError(err).includes("SPexTransferDisabled")) return "reverted as designed: SPexTransferDisabled";
          throw err;
        }
        throw new Error("sPEX transfer should revert with SPexTransferDisabled");
      });
    } else {
      await call(label, "transfer(address,uint256)", () => tx(mine.write.transfer([addr(2), 1n])));
    }
  }
  return results;
}

/** Which signatures of the compatibility list `results` covered successfully. */
export function missingSignatures(results: CompatResult[]): string[] {
  const ok = new Set(results.filter((r) => r.ok).map((r) => `${r.contract}.${r.signature}`));
  const missing = COMPAT_SIGNATURES.map(([contract, sig]) => `${contract}.${sig}`).filter((key) => !ok.has(key));
  for (const token of ["USDT", "USDB", "PEX", "sPEX", "WIN", "WIN1"]) {
    for (const sig of TOKEN_SIGNATURES) if (!ok.has(`${token}.${sig}`)) missing.push(`${token}.${sig}`);
  }
  return missing;
}
