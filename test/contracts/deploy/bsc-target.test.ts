/**
 * BSC as a deploy target: the networks and explorer settings hardhat.config.ts declares, the
 * compiler name the build records (the one verification sends, which the explorer must list),
 * and the deployer's key from an encrypted keystore, never from a raw key in the environment.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { encryptKeystoreJson } from "ethers";
import { createWalletClient, custom, parseEther, type EIP1193Provider } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDeployerKeystore } from "../../../scripts/lib/deployer-keystore";
import { explorerLongVersion, isExplorerLongVersion } from "../../../scripts/lib/solc-version";
import { ensureCompiled, hre } from "../support/fixture";

describe("networks and verification settings", () => {
  it("declare BSC and its testnet by chain id, and one Etherscan V2 key (hardhat-verify knows both chains)", async () => {
    const { bsc, bscTestnet, localhost } = hre.config.networks as Record<string, { chainId?: number; url?: string }>;
    expect(bsc).toMatchObject({ chainId: 56 });
    expect(bscTestnet).toMatchObject({ chainId: 97 });
    expect(localhost!.chainId).toBe(Number(process.env.CHAIN_ID ?? 31337));
    // A per-network key object would send hardhat-verify to BscScan's retired V1 API.
    expect(typeof hre.config.etherscan.apiKey).toBe("string");
    const { builtinChains } = (await import("@nomicfoundation/hardhat-verify/internal/chain-config")) as {
      builtinChains: { network: string; chainId: number }[];
    };
    expect(builtinChains.filter((c) => c.chainId === 56 || c.chainId === 97).map((c) => c.network)).toEqual(["bsc", "bscTestnet"]);
  });
});

describe("the compiler name in the build info", () => {
  beforeAll(() => ensureCompiled(), 300_000);

  it("is the release's own name, which explorers list, and the one each contract's metadata carries", async () => {
    const info = await hre.artifacts.getBuildInfo("contracts/tokens/PEX.sol:PEX");
    // solcjs calls itself "0.8.28+commit.7893614a.Emscripten.clang"; BscScan lists "v0.8.28+commit.7893614a".
    expect(info!.solcLongVersion).toBe("0.8.28+commit.7893614a");
    expect(isExplorerLongVersion(info!.solcLongVersion)).toBe(true);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(explorerLongVersion((require("solc") as { version(): string }).version())).toBe(info!.solcLongVersion);
    // Hardhat's type leaves out the metadata its build info holds (the output selection asks for it).
    const contracts = Object.values(info!.output.contracts).flatMap((byName) => Object.values(byName)) as { metadata?: string }[];
    expect(contracts.length).toBeGreaterThan(20);
    for (const c of contracts)
      if (c.metadata) expect((JSON.parse(c.metadata) as { compiler: { version: string } }).compiler.version).toBe(info!.solcLongVersion);
  });

  it("refuses a name that is not a release", () => {
    expect(explorerLongVersion("0.8.28+commit.7893614a.Emscripten.clang")).toBe("0.8.28+commit.7893614a");
    expect(() => explorerLongVersion("0.8.28-nightly.2024.1.1")).toThrow(/not a release/);
    expect(isExplorerLongVersion("0.8.28+commit.7893614a.Emscripten.clang")).toBe(false);
  });
});

describe("the deployer's keystore", () => {
  let dir: string;
  const key = generatePrivateKey();
  const account = privateKeyToAccount(key);
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "deployer-keystore-"));
    // A cheap scrypt for the test; real keystores use geth's (N = 2^18) and take a few seconds.
    const json = await encryptKeystoreJson({ address: account.address, privateKey: key }, "correct horse", { scrypt: { N: 1 << 10 } });
    fs.writeFileSync(path.join(dir, "keystore.json"), json);
    fs.writeFileSync(path.join(dir, "password"), "correct horse\n");
    env = { DEPLOYER_KEYSTORE: path.join(dir, "keystore.json"), DEPLOYER_PASSWORD_FILE: path.join(dir, "password") };
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("signs the deployer's transactions with the decrypted key, through Hardhat's own local-accounts signer", async () => {
    const provider = (await withDeployerKeystore(hre.network.provider, env)) as unknown as EIP1193Provider;
    expect(await provider.request({ method: "eth_accounts" })).toEqual([account.address.toLowerCase()]);
    const [funder] = await hre.viem.getWalletClients();
    const publicClient = await hre.viem.getPublicClient();
    await publicClient.waitForTransactionReceipt({
      hash: await funder!.sendTransaction({ to: account.address, value: parseEther("1") }),
    });
    const wallet = createWalletClient({ account: account.address, chain: hardhat, transport: custom(provider) });
    const gasPrice = await publicClient.getGasPrice();
    const hash = await wallet.sendTransaction({ to: funder!.account.address, value: 1n, gas: 21_000n, gasPrice });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.from).toBe(account.address.toLowerCase());
    expect(receipt.status).toBe("success");
  });

  it("refuses a wrong password, a raw key in the environment, and leaves a network without a keystore read-only", async () => {
    fs.writeFileSync(path.join(dir, "wrong"), "battery staple\n");
    await expect(withDeployerKeystore(hre.network.provider, { ...env, DEPLOYER_PASSWORD_FILE: path.join(dir, "wrong") })).rejects.toThrow(
      /cannot decrypt DEPLOYER_KEYSTORE/,
    );
    await expect(withDeployerKeystore(hre.network.provider, { ...env, DEPLOYER_PRIVATE_KEY: key })).rejects.toThrow(/not accepted/);
    await expect(withDeployerKeystore(hre.network.provider, { DEPLOYER_KEYSTORE: env.DEPLOYER_KEYSTORE })).rejects.toThrow(
      /DEPLOYER_PASSWORD_FILE must both be set/,
    );
    expect(await withDeployerKeystore(hre.network.provider, {})).toBe(hre.network.provider);
  });
});
