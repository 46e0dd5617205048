/**
 * The demo wallets: Hardhat's well-known development accounts (public test keys, worthless on
 * any real network). #0 deploys and operates; #1..#3 are demo users with data.
 */
export const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";

/**
 * How many accounts the local node derives from that mnemonic (Hardhat's default is 20): the
 * browser tests give each background job and each test file an account of its own, and a
 * twenty-first is the smart-contract wallet's owner. Every one of them is refused off chain 31337.
 */
export const HARDHAT_ACCOUNT_COUNT = 24;

export interface DemoAccount {
  index: number;
  role: string;
  address: `0x${string}`;
  privateKey: `0x${string}`;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    index: 0,
    role: "deployer / operator",
    address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    privateKey: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  },
  {
    index: 1,
    role: "demo user Alice (CNY + USDT account)",
    address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    privateKey: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  },
  {
    index: 2,
    role: "demo user Bob (USDT-only account, invited by Alice)",
    address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    privateKey: "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  },
  {
    index: 3,
    role: "demo user Carol (invited by Bob)",
    address: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    privateKey: "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  },
];
