/**
 * The rehearsal (issue 29, item 4; ADR-0207): everything production runs, on a chain that is not
 * the local one. A node playing BSC testnet (97, a block a second) with every operator key a
 * keystore funded in its genesis; the provider's USDT (18 decimals), DEX (0.25 %), BNB/USD feed and
 * VRF coordinator; the production deploy (`--network bscTestnet`, the deployer's keystore, short
 * durations from deploy-params.json); PostgreSQL; three API replicas with keys from keystores; the
 * production web build over TLS. The journey's people are fresh accounts held in memory only.
 */
import fs from "node:fs";
import path from "node:path";
import { parseEther, type LocalAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Deployments } from "../../domain/deployments";
import { run, stopChild, type Child } from "../lib/processes";
import { startRehearsalChain } from "./chain";
import { createRehearsalKeys, type RehearsalKey, type RehearsalRole } from "./keys";
import { rehearsalDatabase, type RehearsalDatabase } from "./database";
import { addVrfConsumer, provisionChain, startVrfFulfiller } from "./provider";
import { readCompleteOutput, deployEnvironment } from "./provider/output";
import { serverKeyEnvironment } from "./server-env";
import { startRehearsalServices } from "./services";
import { selfSignedCertificate } from "./tls";
import type { ApiReplicas } from "../lib/api-replicas";

export const REHEARSAL_CHAIN_ID = 97;
const bin = (name: string) => path.join("node_modules", ".bin", name);

export interface RehearsalPorts {
  chain: number;
  api: number;
  web: number;
}

export interface Rehearsal {
  dir: string;
  rpcUrl: string;
  webUrl: string;
  apiUrls: string[];
  dataDir: string;
  deploymentsFile: string;
  deployments: Deployments;
  databaseUrl: string;
  /** The environment every API process runs with (keys as keystore paths, never as keys). */
  env: NodeJS.ProcessEnv;
  keys: Record<RehearsalRole, RehearsalKey>;
  /** The journey's user, the inviter it registers under, and the two admins (ADMIN_ADDRESSES). */
  people: { user: LocalAccount; inviter: LocalAccount; admins: LocalAccount[] };
  /** Stops the API replicas alone (the web server and the chain keep running): for the restore drill. */
  stopApi(): Promise<void>;
  stop(): Promise<void>;
}

/** A fresh account whose key lives in this process only (the journey's browser wallet signs with it). */
function person() {
  const privateKey = generatePrivateKey();
  return { account: privateKeyToAccount(privateKey), privateKey };
}

export async function startRehearsal(o: { dir: string; ports: RehearsalPorts; log: (line: string) => void }): Promise<Rehearsal> {
  const children: Child[] = [];
  let database: RehearsalDatabase | null = null;
  let api: ApiReplicas | null = null;
  const stop = async () => {
    await api?.stop();
    for (const child of children.reverse()) await stopChild(child);
    database?.stop();
  };
  try {
    fs.mkdirSync(path.join(o.dir, "logs"), { recursive: true });
    const { keys, genesis } = await createRehearsalKeys(path.join(o.dir, "keys"));
    const [user, inviter, admin1, admin2] = [person(), person(), person(), person()];
    const people = [user, inviter, admin1, admin2].map((p) => ({ privateKey: p.privateKey, address: p.account.address }));

    o.log(`Chain ${REHEARSAL_CHAIN_ID} on port ${o.ports.chain}, a block a second …`);
    const chain = await startRehearsalChain({
      dir: o.dir,
      port: o.ports.chain,
      chainId: REHEARSAL_CHAIN_ID,
      genesis: [...genesis, ...people],
      balanceWei: parseEther("10000"),
    });
    children.push(chain.child);

    o.log("The provider deploys USDT (18 decimals), the DEX, BNB/USD and the VRF coordinator …");
    const providerFile = path.join(o.dir, "provider.json");
    await provisionChain({
      key: keys.provider,
      rpcUrl: chain.rpcUrl,
      outFile: providerFile,
      bnbUsd: "600",
      holders: { [user.account.address]: "1000", [inviter.account.address]: "100", [keys.payout.address]: "100000" },
    });
    const provider = readCompleteOutput(providerFile);

    o.log("The production deploy (--network bscTestnet, the deployer's keystore) …");
    const deploymentsFile = path.join(o.dir, "deployments.json");
    const deployOut = await run(bin("hardhat"), ["run", "scripts/deploy.ts", "--network", "bscTestnet"], {
      BSC_TESTNET_RPC_URL: chain.rpcUrl,
      DEPLOYER_KEYSTORE: keys.deployer.keystoreFile,
      DEPLOYER_PASSWORD_FILE: keys.deployer.passwordFile,
      DEPLOYMENTS_FILE: deploymentsFile,
      DEPLOY_PARAMS_FILE: path.join("scripts", "rehearsal", "deploy-params.json"),
      DEMO: "0",
      ...deployEnvironment(provider),
      PRICE_KEEPER_ADDRESS: keys.priceKeeper.address,
      LOTTERY_OPERATOR_ADDRESS: keys.lotteryKeeper.address,
      INVITE_BINDER_ADDRESS: keys.binder.address,
      DIVIDEND_OPERATOR_ADDRESS: keys.dividend.address,
    });
    fs.writeFileSync(path.join(o.dir, "logs", "deploy.log"), deployOut);
    const deployments = JSON.parse(fs.readFileSync(deploymentsFile, "utf8")) as Deployments;
    const consumer = deployments.contracts.lotteryRandomness;
    if (!consumer) throw new Error("the deploy recorded no lotteryRandomness consumer");
    await addVrfConsumer({ key: keys.provider, rpcUrl: chain.rpcUrl, outFile: providerFile, consumer });
    children.push(
      startVrfFulfiller({
        key: keys.provider,
        rpcUrl: chain.rpcUrl,
        outFile: providerFile,
        logFile: path.join(o.dir, "logs", "vrf.log"),
      }),
    );

    o.log("PostgreSQL …");
    database = await rehearsalDatabase();
    const tls = await selfSignedCertificate(path.join(o.dir, "tls"));
    const dataDir = path.join(o.dir, "data");
    fs.mkdirSync(dataDir, { recursive: true });
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: "production",
      CHAIN_ID: String(REHEARSAL_CHAIN_ID),
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_CONFIRMATIONS: "3",
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      DEPLOYMENTS_FILE: deploymentsFile,
      SIWE_DOMAINS: `localhost:${o.ports.web}`,
      ADMIN_ADDRESSES: [admin1, admin2].map((a) => a.account.address).join(","),
      LOTTERY_ROUND_SECONDS: "90",
      VITE_CHAIN_ID: String(REHEARSAL_CHAIN_ID),
      VITE_RPC_URL: chain.rpcUrl,
      VITE_DEPLOYMENTS_FILE: deploymentsFile,
      ...serverKeyEnvironment(keys),
    };
    const services = await startRehearsalServices({
      dir: o.dir,
      apiPort: o.ports.api,
      replicas: 3,
      webPort: o.ports.web,
      env,
      tls: { ...tls, cert: fs.readFileSync(tls.certFile) },
      log: o.log,
    });
    api = services.api;
    children.push(services.web);
    return {
      dir: o.dir,
      rpcUrl: chain.rpcUrl,
      webUrl: services.webUrl,
      apiUrls: services.api.urls,
      dataDir,
      deploymentsFile,
      deployments,
      databaseUrl: database.url,
      env,
      keys,
      people: { user: user.account, inviter: inviter.account, admins: [admin1.account, admin2.account] },
      stopApi: async () => {
        await api?.stop();
        api = null;
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
