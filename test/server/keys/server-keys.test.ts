/**
 * Server keys (issue: server keys, item 1): off chain 31337 every key comes from a V3 keystore or a
 * remote signer; a raw key in the environment, any of Hardhat's 20 public keys (by any route), a
 * keystore that does not open and one address in two roles all refuse the start, naming the
 * variable at fault and never a key or a password.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Wallet } from "ethers";
import { recoverTransactionAddress, toHex, type Hex } from "viem";
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, HARDHAT_ACCOUNT_COUNT, HARDHAT_MNEMONIC } from "../../../domain/demo-accounts";
import { DEV_PRICE_KEEPER } from "../../../domain/eth-usd-price";
import { DEV_INVITE_BINDER } from "../../../domain/invite-binding";
import { DEV_LOTTERY_OPERATOR } from "../../../domain/lottery-local";
import { loadConfig } from "../../../server/config";
import { hardhatAccounts } from "../../../server/lib/signers/hardhat-keys";
import { describeServerAccounts, loadServerAccounts } from "../../../server/lib/signers/server-accounts";
import { SIGNER_ROLE_NAMES, variableOf } from "../../../server/lib/signers/signer-roles";
import { keystoreFolder } from "./keystores";

/** A live chain's settings; the lottery keeper off unless a test gives it a key. */
const ELSEWHERE = { CHAIN_ID: "56", LOTTERY_KEEPER_INTERVAL_MS: "0" };
/** The local node's accounts, derived here on their own, the way Hardhat does. */
const HARDHAT = Array.from({ length: HARDHAT_ACCOUNT_COUNT }, (_, i) => {
  const account = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: i });
  return { address: account.address, privateKey: toHex(account.getHdKey().privateKey!) };
});
const keystores = keystoreFolder();
afterAll(() => keystores.remove());

const load = (env: Record<string, string>) => loadServerAccounts(loadConfig({}, env));

describe("server keys", () => {
  it("knows every one of the local node's well-known accounts, the local demo and job keys among them", () => {
    expect([...hardhatAccounts().keys()]).toEqual(HARDHAT.map((a) => a.address.toLowerCase()));
    for (const dev of [DEMO_ACCOUNTS[0]!, DEV_INVITE_BINDER, DEV_PRICE_KEEPER, DEV_LOTTERY_OPERATOR])
      expect(hardhatAccounts().get(dev.address.toLowerCase())).toBe(dev.index);
  });

  it("refuses a raw private key in the environment off chain 31337, naming the variable and never the key", async () => {
    for (const role of SIGNER_ROLE_NAMES) {
      const key = generatePrivateKey();
      const variable = variableOf(role, "PRIVATE_KEY");
      let message = "";
      try {
        loadConfig({}, { ...ELSEWHERE, [variable]: key });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(new RegExp(`${variable}: a raw private key in the environment is refused off the local chain`));
      expect(message).toContain(variableOf(role, "KEYSTORE"));
      expect(message.toLowerCase()).not.toContain(key.slice(2).toLowerCase());
      // On the local chain a raw key is still the developer's way.
      expect((await load({ [variable]: key }))[role]?.address).toBe(privateKeyToAccount(key).address);
    }
  });

  it("refuses each of the local node's well-known keys off chain 31337: raw, in a keystore, or behind a remote signer", async () => {
    for (const [i, hardhat] of HARDHAT.entries()) {
      const role = SIGNER_ROLE_NAMES[i % SIGNER_ROLE_NAMES.length]!;
      const number = new RegExp(`Hardhat's well-known account #${i}\\b`);
      expect(() => loadConfig({}, { ...ELSEWHERE, [variableOf(role, "PRIVATE_KEY")]: hardhat.privateKey })).toThrow(number);

      const { file, passwordFile } = keystores.write(hardhat.privateKey);
      const inKeystore = { [variableOf(role, "KEYSTORE")]: file, [variableOf(role, "PASSWORD_FILE")]: passwordFile };
      await expect(load({ ...ELSEWHERE, ...inKeystore })).rejects.toThrow(`${variableOf(role, "KEYSTORE")}: holds Hardhat's`);
      await expect(load({ ...ELSEWHERE, ...inKeystore })).rejects.toThrow(number);

      const remote = { [variableOf(role, "SIGNER_URL")]: "http://127.0.0.1:9/", [variableOf(role, "ADDRESS")]: hardhat.address };
      await expect(load({ ...ELSEWHERE, ...remote })).rejects.toThrow(`${variableOf(role, "SIGNER_URL")}: holds Hardhat's`);
      await expect(load({ ...ELSEWHERE, ...remote })).rejects.toThrow(number);

      // The same keystore serves the local chain, where these keys are the point.
      if (i === 0) expect((await load(inKeystore))[role]?.address).toBe(hardhat.address);
    }
  });

  it("refuses a keystore whose password file holds another password, naming both and neither secret", async () => {
    const key = generatePrivateKey();
    const { file, passwordFile } = keystores.write(key, "the right one");
    fs.writeFileSync(passwordFile, "not the right one\n");
    const attempt = load({ ...ELSEWHERE, OPERATOR_KEYSTORE: file, OPERATOR_PASSWORD_FILE: passwordFile });
    await expect(attempt).rejects.toThrow(`OPERATOR_KEYSTORE: the password in OPERATOR_PASSWORD_FILE does not decrypt ${file}`);
    const message = await attempt.catch((err: Error) => err.message);
    for (const secret of ["the right one", "not the right one", key.slice(2)]) expect(message).not.toContain(secret);
  });

  it("refuses a keystore that is missing or not a keystore, and an empty password", async () => {
    const { file, passwordFile } = keystores.write(generatePrivateKey());
    const missing = path.join(keystores.dir, "missing.json");
    await expect(
      load({ ...ELSEWHERE, PRICE_KEEPER_KEYSTORE: missing, PRICE_KEEPER_PASSWORD_FILE: passwordFile }),
    ).rejects.toThrow(`PRICE_KEEPER_KEYSTORE: cannot read ${missing} (ENOENT)`);
    await expect(
      load({ ...ELSEWHERE, PRICE_KEEPER_KEYSTORE: passwordFile, PRICE_KEEPER_PASSWORD_FILE: passwordFile }),
    ).rejects.toThrow("PRICE_KEEPER_KEYSTORE: " + passwordFile + " is not an Ethereum V3 keystore");
    const empty = path.join(keystores.dir, "empty.password");
    fs.writeFileSync(empty, "\n");
    await expect(load({ ...ELSEWHERE, PRICE_KEEPER_KEYSTORE: file, PRICE_KEEPER_PASSWORD_FILE: empty })).rejects.toThrow(
      "PRICE_KEEPER_PASSWORD_FILE: " + empty + " holds an empty password",
    );
  });

  it("refuses one address in two roles, whatever route each key comes by", async () => {
    const key = generatePrivateKey();
    const { file, passwordFile } = keystores.write(key);
    const payout = { OPERATOR_KEYSTORE: file, OPERATOR_PASSWORD_FILE: passwordFile };
    await expect(
      load({ ...ELSEWHERE, ...payout, PRICE_KEEPER_KEYSTORE: file, PRICE_KEEPER_PASSWORD_FILE: passwordFile }),
    ).rejects.toThrow(/OPERATOR_KEYSTORE and PRICE_KEEPER_KEYSTORE hold the same address .*: one key serves one role/);
    const remote = { INVITE_BINDER_SIGNER_URL: "http://127.0.0.1:9/", INVITE_BINDER_ADDRESS: privateKeyToAccount(key).address };
    await expect(load({ ...ELSEWHERE, ...payout, ...remote })).rejects.toThrow(
      /OPERATOR_KEYSTORE and INVITE_BINDER_SIGNER_URL hold the same address/,
    );
    // On the local chain too: the payout wallet given the binder's default key.
    await expect(load({ OPERATOR_PRIVATE_KEY: DEV_INVITE_BINDER.privateKey })).rejects.toThrow(
      /OPERATOR_PRIVATE_KEY and the local default key of INVITE_BINDER_PRIVATE_KEY \(Hardhat #4\) hold the same address/,
    );
  });

  it("accepts a keystore off chain 31337: its account signs, and the start log shows the address, never the key", async () => {
    const wallet = Wallet.createRandom();
    const { file, passwordFile } = keystores.write(wallet.privateKey as Hex);
    const config = loadConfig(
      {},
      { ...ELSEWHERE, OPERATOR_KEYSTORE: file, OPERATOR_PASSWORD_FILE: passwordFile, OPERATOR_ADDRESS: wallet.address },
    );
    const accounts = await loadServerAccounts(config);
    expect(accounts.payout?.address).toBe(wallet.address);
    expect([accounts.inviteBinder, accounts.priceKeeper, accounts.lotteryKeeper]).toEqual([null, null, null]);
    const raw = await accounts.payout!.signTransaction!({
      chainId: 56,
      to: DEMO_ACCOUNTS[1]!.address,
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: 3_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    });
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(wallet.address);
    const described = JSON.stringify(describeServerAccounts(config, accounts));
    expect(described).toContain(wallet.address);
    expect(described).toContain('"source":"keystore"');
    expect(described.toLowerCase()).not.toContain(wallet.privateKey.slice(2).toLowerCase());
  });

  it("refuses a key that is not the address its role was granted to (<prefix>_ADDRESS)", async () => {
    const { file, passwordFile } = keystores.write(generatePrivateKey());
    const granted = privateKeyToAccount(generatePrivateKey()).address;
    await expect(
      load({
        ...ELSEWHERE,
        PRICE_KEEPER_KEYSTORE: file,
        PRICE_KEEPER_PASSWORD_FILE: passwordFile,
        PRICE_KEEPER_ADDRESS: granted,
      }),
    ).rejects.toThrow(`PRICE_KEEPER_ADDRESS is ${granted}, but PRICE_KEEPER_KEYSTORE holds`);
  });

  it("refuses a source that is incomplete or doubled, naming every variable at fault", () => {
    const { file, passwordFile } = keystores.write(generatePrivateKey());
    expect(() => loadConfig({}, { ...ELSEWHERE, OPERATOR_KEYSTORE: file })).toThrow(
      "OPERATOR_KEYSTORE and OPERATOR_PASSWORD_FILE: set both",
    );
    expect(() => loadConfig({}, { ...ELSEWHERE, OPERATOR_PASSWORD_FILE: passwordFile })).toThrow(
      "OPERATOR_KEYSTORE and OPERATOR_PASSWORD_FILE: set both",
    );
    expect(() => loadConfig({}, { ...ELSEWHERE, LOTTERY_OPERATOR_SIGNER_URL: "http://127.0.0.1:9/" })).toThrow(
      "LOTTERY_OPERATOR_SIGNER_URL needs LOTTERY_OPERATOR_ADDRESS",
    );
    expect(() =>
      loadConfig(
        {},
        { ...ELSEWHERE, LOTTERY_OPERATOR_SIGNER_URL: "ftp://signer", LOTTERY_OPERATOR_ADDRESS: DEMO_ACCOUNTS[1]!.address },
      ),
    ).toThrow("LOTTERY_OPERATOR_SIGNER_URL: an http(s) URL");
    expect(() =>
      loadConfig(
        {},
        {
          INVITE_BINDER_PRIVATE_KEY: generatePrivateKey(),
          INVITE_BINDER_KEYSTORE: file,
          INVITE_BINDER_PASSWORD_FILE: passwordFile,
        },
      ),
    ).toThrow("INVITE_BINDER_PRIVATE_KEY, INVITE_BINDER_KEYSTORE: set only one source");
    expect(() => loadConfig({}, { ...ELSEWHERE, OPERATOR_PRIVATE_KEY: "0x1234" })).toThrow(
      "OPERATOR_PRIVATE_KEY: a 32-byte hex private key",
    );
  });

  it("the server process refuses to start with a refused key, before it opens its database", async () => {
    const { file, passwordFile } = keystores.write(DEMO_ACCOUNTS[0]!.privateKey);
    const dataDir = fs.mkdtempSync(path.join(keystores.dir, "data-"));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...ELSEWHERE,
      API_PORT: "0",
      DATA_DIR: dataDir,
      OPERATOR_KEYSTORE: file,
      OPERATOR_PASSWORD_FILE: passwordFile,
    };
    delete env.DATABASE_URL;
    const root = path.resolve(import.meta.dirname, "../../..");
    const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
      cwd: root,
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain("Server keys refused");
    expect(stderr).toContain("OPERATOR_KEYSTORE: holds Hardhat's well-known account #0");
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);
});
