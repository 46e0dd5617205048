import { describe, expect, it } from "vitest";
import { parseEther, parseUnits, type PublicClient } from "viem";
import { mine } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { protocolFigures } from "../../domain/api/protocol-figures";
import { readProtocolFigures } from "../../server/modules/protocol/figures.reader";
import { createFiguresAtBlock } from "../../server/modules/protocol/figures-at-block";
import { countingClient } from "./support/counting-client";
import { hre, now, stakeAs, world, type World } from "./support/fixture";

/*
 * The server's public figures (ADR-0209) read against the deployed protocol on a Hardhat network:
 * each equals the contract's own read at the same block, and a burst of callers within one block
 * costs the node one head lookup and one multicall.
 */

const contractsOf = (w: World) => ({ front: w.front.address, spex: w.spex.address, game: w.game.address });

describe("the protocol's public figures at a block", () => {
  it("equal the contracts' own reads at that block, and stay that block's after the chain moves on", async () => {
    const w = await world();
    const t = await now(w);
    await w.send(w.game.write.startRound([t, t + 3600n, parseUnits("1", 6)]));
    await stakeAs(w, w.alice, parseEther("100"));
    const { client } = countingClient();
    const block = await client.getBlockNumber();
    const figures = protocolFigures.parse(await readProtocolFigures(client, contractsOf(w), block));

    expect(figures.block.number).toBe(block.toString());
    const dashboard = await w.front.read.getDashboard({ blockNumber: block });
    expect(figures.dashboard?.marketCap).toBe(dashboard.marketCap.toString());
    expect(figures.dashboard?.totalDepositedPex).toBe(dashboard.totalDepositedPex.toString());
    const epoch = await w.spex.read.epoch({ blockNumber: block });
    expect(figures.stake).toEqual({
      epochNumber: epoch[0].toString(),
      epochEnd: epoch[1].toString(),
      epochLength: epoch[2].toString(),
      rewardRate: epoch[3].toString(),
      nextRebase: (await w.spex.read.getNextRebase({ blockNumber: block })).toString(),
      denominator: (await w.spex.read.RATE_DENOMINATOR({ blockNumber: block })).toString(),
      totalStaked: parseEther("100").toString(),
    });
    const ethTerms = await w.front.read.bondTerms([0], { blockNumber: block });
    expect(figures.bonds?.eth).toMatchObject({ rateBps: ethTerms[0].toString(), vesting: ethTerms[1].toString() });
    expect(figures.bonds?.marketPrice).toBe((await w.front.read.getPexUSDBPrice({ blockNumber: block })).toString());
    const round = await w.game.read.getRound([1n], { blockNumber: block });
    expect(figures.lottery).toMatchObject({
      roundId: "1",
      token: w.usdt.address,
      tokenSymbol: await w.usdt.read.symbol(),
      tokenDecimals: 6,
      round: { id: "1", endTime: round.endTime.toString() },
    });

    // The chain moves on; the reading at the earlier block does not.
    await stakeAs(w, w.bob, parseEther("50"));
    const again = await readProtocolFigures(client, contractsOf(w), block);
    expect(again).toEqual(figures);
    const later = await readProtocolFigures(client, contractsOf(w), await client.getBlockNumber());
    expect(later.stake?.totalStaked).toBe(parseEther("150").toString());
  });

  it("names the average price's refusal instead of failing the whole reading", async () => {
    const w = await world();
    // Past the average's age limit without an observation (the ETH feed is still fresh): the
    // average and the bond prices refuse, the spot price and the terms do not.
    await hre.network.provider.request({ method: "evm_increaseTime", params: [w.config.twap.maxAge + 60] });
    await mine(1);
    const { client } = countingClient();
    const figures = await readProtocolFigures(client, contractsOf(w), await client.getBlockNumber());
    expect(figures.stake).not.toBeNull();
    expect(figures.bonds?.averagePrice ?? null).toBeNull();
    expect(figures.bonds?.averageRefusal).toBe("UniswapV2TwapOracleStale");
    expect(figures.bonds?.eth.bondPrice).toBeNull();
  });

  it("reads once per block however many ask at once, and again when a block is mined", async () => {
    const w = await world();
    const { client, calls } = countingClient();
    let clock = 0;
    const latest = createFiguresAtBlock({ client, contracts: () => contractsOf(w), headTtlMs: 1_000, now: () => clock });
    const burst = await Promise.all(Array.from({ length: 100 }, () => latest()));
    expect(new Set(burst.map((f) => JSON.stringify(f))).size).toBe(1);
    expect(calls.get("eth_blockNumber")).toBe(1);
    // Two multicalls (deployless: an eth_call without a target): the figures, then the lottery
    // token's symbol and decimals, which need the first's answer.
    expect(calls.get("eth_call")).toBe(2);

    // Within the head's lifetime nothing is asked again; after it, the head is; a new block is read anew.
    await latest();
    expect(calls.get("eth_call")).toBe(2);
    clock += 1_000;
    await latest();
    expect(calls.get("eth_blockNumber")).toBe(2);
    expect(calls.get("eth_call")).toBe(2);
    await mine(1);
    clock += 1_000;
    // The new block is being read: meanwhile the last reading answers (the page names its block),
    // then the new one.
    const meanwhile = await latest();
    expect(meanwhile!.block.number).toBe(burst[0]!.block.number);
    await expect.poll(async () => BigInt((await latest())!.block.number)).toBe(BigInt(burst[0]!.block.number) + 1n);
    expect(calls.get("eth_call")).toBe(4);
  });

  it("answers from the last reading only while it is recent: older, callers wait for the head's", async () => {
    const w = await world();
    const { client } = countingClient();
    let clock = 0;
    const latest = createFiguresAtBlock({ client, contracts: () => contractsOf(w), serveLastMs: 30_000, now: () => clock });
    const first = await latest();
    await mine(1);
    clock += 31_000;
    expect(BigInt((await latest())!.block.number)).toBe(BigInt(first!.block.number) + 1n);
    // A redeployment's figures never stand in for another's.
    const other = createFiguresAtBlock({ client, contracts: () => ({ ...contractsOf(w), game: undefined }), now: () => clock });
    expect((await other())!.lottery).toBeNull();
  });

  it("answers null without a deployment, and keeps no failed reading", async () => {
    const { client, calls } = countingClient();
    expect(await createFiguresAtBlock({ client, contracts: () => null })()).toBeNull();
    expect(calls.size).toBe(0);
    let fail = true;
    const flaky = {
      ...client,
      getBlockNumber: () => (fail ? Promise.reject(new Error("node down")) : client.getBlockNumber()),
    } as PublicClient;
    const w = await world();
    const latest = createFiguresAtBlock({ client: flaky, contracts: () => contractsOf(w), headTtlMs: 60_000 });
    await expect(latest()).rejects.toThrow("node down");
    fail = false;
    expect((await latest())?.stake).not.toBeNull();
  });
});
