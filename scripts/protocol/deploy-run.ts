/**
 * One deployment from plan to deployments file: opens (or resumes) the journal, deploys the
 * protocol, seeds demo data once when asked, and writes the file the server and the web app read,
 * with each created contract's transaction and block, the compiler settings and the chain facts
 * the app needs (USDT's decimals as the token states them, the DEX's fee as its router quotes it).
 */
import fs from "node:fs";
import path from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { CompilerSettings, Deployments } from "../../domain/deployments";
import { DeployJournal, type JournalHooks } from "./deploy-journal";
import type { DeployPlan } from "./deploy-env";
import { addressesOf, deployProtocol, type Protocol } from "./deploy-protocol";
import { seedDemo } from "./seed-demo";

export interface DeployRun {
  plan: DeployPlan;
  /** The deployments file to write. */
  out: string;
  /** The journal that makes the run resumable; null keeps it in memory only. */
  journalFile: string | null;
  hooks?: JournalHooks;
}

/** The journal's file beside the deployments file, one per chain. */
export function journalFileFor(out: string, chainId: number): string {
  return path.join(path.dirname(out), `deploy-journal-${chainId}.json`);
}

/**
 * How our contracts were compiled: the compiler's names from the build info an explorer
 * verification submits, the settings Hardhat compiled them with (`hardhat run` compiles first).
 * The names are read from the build info's head, where Hardhat writes them before the 16 MB of
 * sources and output (`saveBuildInfo`); parsing it whole would add seconds to every local deploy.
 * A head without them falls back to the whole file.
 */
export async function compilerSettings(hre: HardhatRuntimeEnvironment): Promise<CompilerSettings> {
  const fqn = "contracts/tokens/PEX.sol:PEX";
  const debugFile = hre.artifacts.formArtifactPathFromFullyQualifiedName(fqn).replace(/\.json$/, ".dbg.json");
  const { buildInfo } = JSON.parse(fs.readFileSync(debugFile, "utf8")) as { buildInfo: string };
  const head = Buffer.alloc(4096);
  const fd = fs.openSync(path.resolve(path.dirname(debugFile), buildInfo), "r");
  const text = head.toString("utf8", 0, fs.readSync(fd, head, 0, head.length, 0));
  fs.closeSync(fd);
  const field = (name: string) =>
    new RegExp(`^\\{"id":"[0-9a-f]+","_format":"hh-sol-build-info-1",[^{]*?"${name}":"([^"]+)"`).exec(text)?.[1];
  let [version, longVersion] = [field("solcVersion"), field("solcLongVersion")];
  if (!version || !longVersion) {
    const info = await hre.artifacts.getBuildInfo(fqn);
    if (!info) throw new Error(`no build info for ${fqn}: compile first`);
    [version, longVersion] = [info.solcVersion, info.solcLongVersion];
  }
  const compiler = hre.config.solidity.compilers.find((c) => c.version === version);
  if (!compiler) throw new Error(`the build used solc ${version}, which hardhat.config.ts does not name: compile again`);
  const settings = compiler.settings as { optimizer?: { enabled?: boolean; runs?: number }; evmVersion?: string };
  return {
    version,
    longVersion,
    optimizer: { enabled: settings.optimizer?.enabled ?? false, runs: settings.optimizer?.runs ?? 200 },
    evmVersion: settings.evmVersion ?? "default",
  };
}

export async function deployAndRecord(
  hre: HardhatRuntimeEnvironment,
  run: DeployRun,
): Promise<{ deployments: Deployments; protocol: Protocol }> {
  const publicClient = await hre.viem.getPublicClient();
  const [deployer] = await hre.viem.getWalletClients();
  if (!deployer)
    throw new Error("no deployer account for this network (on a live network: DEPLOYER_KEYSTORE and DEPLOYER_PASSWORD_FILE)");
  const { config, demo } = run.plan;
  const journal = await DeployJournal.open({ file: run.journalFile, publicClient, deployer, config: run.plan, hooks: run.hooks });
  const startBlock = await journal.bigint("startBlock", async () => (await publicClient.getBlockNumber()) + 1n);
  const protocol = await deployProtocol(hre, config, { journal });
  // Seeding is not resumable step by step (it is for local and test chains): it runs once, whole.
  if (demo)
    await journal.bigint("demoSeeded", async () => {
      await seedDemo(hre, protocol);
      return 1n;
    });

  const deployments: Deployments = {
    chainId: await publicClient.getChainId(),
    genesisHash: (await publicClient.getBlock({ blockNumber: 0n })).hash,
    startBlock: Number(startBlock),
    deployedAt: new Date().toISOString(),
    contracts: addressesOf(protocol),
    deployed: journal.deployed,
    compiler: await compilerSettings(hre),
    usdtDecimals: await protocol.usdt.read.decimals(),
    dex: { feeBps: config.dexFeeBps },
    daoRoot: protocol.deployer.account.address,
    vrf: { subscriptionId: protocol.vrf.subscriptionId.toString(), keyHash: protocol.vrf.keyHash },
  };
  fs.mkdirSync(path.dirname(run.out), { recursive: true });
  // Write, then rename: a reader (the server watches the file) never sees half of it.
  fs.writeFileSync(`${run.out}.tmp`, JSON.stringify(deployments, null, 2) + "\n");
  fs.renameSync(`${run.out}.tmp`, run.out);
  return { deployments, protocol };
}
