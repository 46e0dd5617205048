import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../domain/demo-accounts";
import { startTestChain, type TestChain } from "./assets/hardhat";
import { signedLogin } from "./support/siwe";
import { createTestApp } from "./support/test-app";
import { refused } from "./support/refused";

const OWNER = privateKeyToAccount(DEMO_ACCOUNTS[1]!.privateKey);
const STRANGER = privateKeyToAccount(DEMO_ACCOUNTS[2]!.privateKey);

let chain: TestChain;
let env: Awaited<ReturnType<typeof createTestApp>>;
let wallet: `0x${string}`;

beforeAll(async () => {
  chain = await startTestChain();
  wallet = (await chain.deploy("contracts/test/SmartWalletMock.sol/SmartWalletMock.json", [OWNER.address])).address;
  env = await createTestApp({ CHAIN_RPC_URL: chain.rpcUrl, CHAIN_ID: "31337" });
}, 120_000);
afterAll(async () => {
  await env?.close();
  await chain?.stop();
});

const login = (payload: object) => env.app.inject({ method: "POST", url: "/base/api/user/login", payload });

describe("sign-in with a contract wallet (ERC-1271)", () => {
  it("signs in the wallet's address when its owner signs for it", async () => {
    const body = await signedLogin(env.app, OWNER, { address: wallet });
    const res = await login(body);
    expect(res.json()).toMatchObject({ code: 0, data: { userInfo: { address: wallet.toLowerCase() } } });
    // The nonce is spent: the same message does not sign in twice.
    expect((await login(body)).json().code).toBe(401);
  });

  it("refuses a signature the wallet does not accept, and keeps its nonce", async () => {
    const body = await signedLogin(env.app, STRANGER, { address: wallet });
    const res = await login(body);
    expect(res.json()).toEqual(refused(401, "signIn.badSignature"));
    // Signed by the owner, the same nonce still works: a refused signature burns nothing.
    const nonce = body.message.match(/Nonce: (\w+)/)![1]!;
    expect((await login(await signedLogin(env.app, OWNER, { address: wallet, nonce }))).json().code).toBe(0);
  });

  it("refuses an address that is neither the signer nor a contract wallet", async () => {
    const body = await signedLogin(env.app, OWNER, { address: STRANGER.address });
    expect((await login(body)).json().code).toBe(401);
  });
});
