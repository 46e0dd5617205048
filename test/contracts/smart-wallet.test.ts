/**
 * What the browser tests' smart-account wallet stands on (contracts/test/SmartWalletMock.sol):
 * a batch of calls is one transaction, all or none, from the wallet's address, and only its
 * owner sends one; and why the web app approves instead of asking such a wallet for a permit:
 * its signature is the owner's (ERC-1271), which ERC-2612's ECDSA check refuses (ADR-0199).
 */
import { describe, expect, it } from "vitest";
import { encodeFunctionData, erc20Abi, getContract, parseAbi, parseEther, type Address } from "viem";
import type { WalletClient } from "../../scripts/protocol/contracts";
import { hre, revertsWith, world, type World } from "./support/fixture";
import { signPermit } from "./support/permit";

const walletAbi = parseAbi([
  "function executeBatch((address target, uint256 value, bytes data)[] calls) payable",
  "function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)",
]);
const spexCalls = parseAbi(["function stake(uint256 pexAmount, uint256 random) returns (uint256)"]);
const spexPermitCall = parseAbi([
  "function stakeWithPermit(uint256 pexAmount, uint256 random, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns (uint256)",
]);

async function smartWallet(w: World, owner: WalletClient) {
  const deployed = await hre.viem.deployContract("SmartWalletMock", [owner.account.address]);
  const as = (sender: WalletClient) =>
    getContract({ abi: walletAbi, address: deployed.address, client: { public: w.publicClient, wallet: sender } });
  await w.send(w.pex.write.transfer([deployed.address, parseEther("1000")]));
  return { address: deployed.address, as };
}

const call = (target: Address, data: `0x${string}`) => ({ target, value: 0n, data });

describe("a smart-account wallet's batch", () => {
  it("approves and stakes in one transaction from the wallet's address, leaving no allowance", async () => {
    const w = await world();
    const wallet = await smartWallet(w, w.alice);
    const amount = parseEther("300");
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [w.spex.address, amount] });
    const stake = encodeFunctionData({ abi: spexCalls, functionName: "stake", args: [amount, 9n] });
    const receipt = await w.send(wallet.as(w.alice).write.executeBatch([[call(w.pex.address, approve), call(w.spex.address, stake)]]));
    expect(receipt.status).toBe("success");
    expect(await w.pex.read.balanceOf([wallet.address])).toBe(parseEther("700"));
    expect(await w.pex.read.allowance([wallet.address, w.spex.address])).toBe(0n);
  });

  it("is all or none: a call that reverts undoes the approval before it, with the call's own error", async () => {
    const w = await world();
    const wallet = await smartWallet(w, w.alice);
    const tooMuch = parseEther("5000");
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [w.spex.address, tooMuch] });
    const stake = encodeFunctionData({ abi: spexCalls, functionName: "stake", args: [tooMuch, 9n] });
    await expect(
      wallet.as(w.alice).write.executeBatch([[call(w.pex.address, approve), call(w.spex.address, stake)]]),
    ).rejects.toThrow(revertsWith("ERC20InsufficientBalance"));
    expect(await w.pex.read.allowance([wallet.address, w.spex.address])).toBe(0n);
  });

  it("runs only its owner's batches", async () => {
    const w = await world();
    const wallet = await smartWallet(w, w.alice);
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [w.bob.account.address, 1n] });
    await expect(wallet.as(w.bob).write.executeBatch([[call(w.pex.address, transfer)]])).rejects.toThrow(/not the owner/);
    expect(await w.pex.read.balanceOf([wallet.address])).toBe(parseEther("1000"));
  });

  it("cannot give a permit: its owner's signature, which the wallet accepts, the token refuses", async () => {
    const w = await world();
    const wallet = await smartWallet(w, w.alice);
    const amount = parseEther("100");
    const permit = await signPermit(w, w.pex, w.alice, w.spex.address, amount, { owner: wallet.address });
    const withPermit = encodeFunctionData({
      abi: spexPermitCall,
      functionName: "stakeWithPermit",
      args: [amount, 9n, permit.deadline, permit.v, permit.r, permit.s],
    });
    await expect(wallet.as(w.alice).write.executeBatch([[call(w.spex.address, withPermit)]])).rejects.toThrow(
      revertsWith("SPexPermitRefused"),
    );
    expect(await w.pex.read.nonces([wallet.address])).toBe(0n);
  });
});
