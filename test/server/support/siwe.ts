import type { FastifyInstance } from "fastify";
import type { PrivateKeyAccount } from "viem";
import { createSiweMessage } from "viem/siwe";
import { TEST_DOMAIN } from "./test-app";

export async function getNonce(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: "GET", url: "/base/api/user/nonce" });
  return res.json().data.nonce as string;
}

export async function signedLogin(
  app: FastifyInstance,
  account: PrivateKeyAccount,
  opts: {
    domain?: string;
    chainId?: number;
    nonce?: string;
    issuedAt?: Date;
    expirationTime?: Date;
    address?: `0x${string}`;
    uri?: string;
  } = {},
) {
  const message = createSiweMessage({
    domain: opts.domain ?? TEST_DOMAIN,
    // Another address than the signer's: a contract wallet whose owner signs for it.
    address: opts.address ?? account.address,
    statement: "Sign in to PEX",
    uri: opts.uri ?? `http://${opts.domain ?? TEST_DOMAIN}`,
    version: "1",
    chainId: opts.chainId ?? 31337,
    nonce: opts.nonce ?? (await getNonce(app)),
    issuedAt: opts.issuedAt ?? new Date(),
    expirationTime: opts.expirationTime,
  });
  const signature = await account.signMessage({ message });
  return { message, signature, deviceId: "device-0001" };
}

export async function login(app: FastifyInstance, account: PrivateKeyAccount): Promise<string> {
  const body = await signedLogin(app, account);
  const res = await app.inject({ method: "POST", url: "/base/api/user/login", payload: body });
  const json = res.json();
  if (json.code !== 0) throw new Error(`login failed: ${json.msg}`);
  return json.data.token as string;
}
