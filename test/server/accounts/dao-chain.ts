import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createWalletClient, http, parseEther, type LocalAccount } from "viem";
import { hardhat } from "viem/chains";
import { BINDER_ROLE } from "../../../domain/contract-roles";
import { DEV_INVITE_BINDER } from "../../../domain/invite-binding";
import { daoAbi } from "../../../generated/abis";
import { OPERATOR, startTestChain, type TestChain } from "../assets/hardhat";

/** A Hardhat node with the DAO (owner and first root: account #0) and the binder (#4) holding its `BINDER_ROLE`. */
export interface DaoChain extends TestChain {
  dao: `0x${string}`;
  /** A deployments file naming the DAO too, as scripts/deploy.ts writes it. */
  daoDeploymentsFile: string;
  inviterOf(account: `0x${string}`): Promise<`0x${string}`>;
  inviteesOf(account: `0x${string}`): Promise<readonly `0x${string}`[]>;
  /** `account` binds itself under `inviter` (funded with gas first). */
  selfBind(account: LocalAccount, inviter: `0x${string}`): Promise<void>;
  /** The binder account's transactions so far. */
  binderNonce(): Promise<number>;
  /** InviterBound events of `account`, oldest first. */
  boundEvents(account?: `0x${string}`): Promise<{ account: string; inviter: string; by: string; block: bigint; index: number }[]>;
}

export async function startDaoChain(): Promise<DaoChain> {
  const chain = await startTestChain();
  try {
    const treasury = await chain.deploy("contracts/treasury/Treasury.sol/Treasury.json", [OPERATOR.address, "Reserves"]);
    const dao = (await chain.deploy("contracts/dao/DAO.sol/DAO.json", [chain.usdt, treasury.address, OPERATOR.address])).address;
    await chain.write(OPERATOR, dao, daoAbi, "grantRole", [BINDER_ROLE, DEV_INVITE_BINDER.address]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dao-chain-"));
    const daoDeploymentsFile = path.join(dir, "deployments.json");
    fs.writeFileSync(
      daoDeploymentsFile,
      JSON.stringify({
        ...chain.deployments,
        contracts: { ...chain.deployments.contracts, dao, treasury1: treasury.address },
        daoRoot: OPERATOR.address,
      }),
    );
    const read = <T>(functionName: string, args: unknown[]) =>
      chain.client.readContract({ address: dao, abi: daoAbi, functionName, args } as never) as Promise<T>;
    return {
      ...chain,
      dao,
      daoDeploymentsFile,
      inviterOf: (account) => read("inviterOf", [account]),
      inviteesOf: (account) => read("inviteesOf", [account]),
      async selfBind(account, inviter) {
        const funder = createWalletClient({ account: OPERATOR, chain: hardhat, transport: http(chain.rpcUrl) });
        await chain.client.waitForTransactionReceipt({
          hash: await funder.sendTransaction({ to: account.address, value: parseEther("1") }),
        });
        await chain.write(account, dao, daoAbi, "bindInviter", [inviter]);
      },
      binderNonce: () => chain.client.getTransactionCount({ address: DEV_INVITE_BINDER.address }),
      async boundEvents(account) {
        const logs = await chain.client.getContractEvents({
          address: dao,
          abi: daoAbi,
          eventName: "InviterBound",
          ...(account ? { args: { account } } : {}),
          fromBlock: 0n,
          strict: true,
        });
        return logs.map((l) => ({
          account: l.args.account.toLowerCase(),
          inviter: l.args.inviter.toLowerCase(),
          by: l.args.by.toLowerCase(),
          block: l.blockNumber,
          index: l.logIndex,
        }));
      },
      async stop() {
        await chain.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await chain.stop();
    throw err;
  }
}
