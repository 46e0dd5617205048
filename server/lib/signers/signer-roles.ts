import { DEMO_ACCOUNTS } from "../../../domain/demo-accounts";
import { DEV_PRICE_KEEPER } from "../../../domain/eth-usd-price";
import { DEV_INVITE_BINDER } from "../../../domain/invite-binding";
import { DEV_LOTTERY_OPERATOR } from "../../../domain/lottery-local";

/**
 * The server's signing keys: one per job, each holding only its own contract role (one key, one
 * role). `prefix` names its variables (`<prefix>_KEYSTORE`, …); `dev` is its key on chain 31337.
 */
export const SIGNER_ROLES = {
  payout: { prefix: "OPERATOR", job: "payout worker", dev: DEMO_ACCOUNTS[0]! },
  inviteBinder: { prefix: "INVITE_BINDER", job: "invite binder (DAO BINDER_ROLE)", dev: DEV_INVITE_BINDER },
  priceKeeper: { prefix: "PRICE_KEEPER", job: "price keeper (feed UPDATER_ROLE)", dev: DEV_PRICE_KEEPER },
  lotteryKeeper: { prefix: "LOTTERY_OPERATOR", job: "lottery keeper (Game OPERATOR_ROLE)", dev: DEV_LOTTERY_OPERATOR },
} as const;

export type SignerRole = keyof typeof SIGNER_ROLES;
export const SIGNER_ROLE_NAMES = Object.keys(SIGNER_ROLES) as SignerRole[];

/** The variables of one key: a raw key (31337 only), a keystore and its password, or a remote signer and its address. */
export type SignerSuffix = "PRIVATE_KEY" | "KEYSTORE" | "PASSWORD_FILE" | "SIGNER_URL" | "ADDRESS";
type Prefix = (typeof SIGNER_ROLES)[SignerRole]["prefix"];
/** Every environment variable a server key is configured by. */
export type SignerVariable = `${Prefix}_${SignerSuffix}`;

/** The variable `suffix` of `role`, e.g. `variableOf("payout", "KEYSTORE")` = `OPERATOR_KEYSTORE`. */
export function variableOf(role: SignerRole, suffix: SignerSuffix): SignerVariable {
  return `${SIGNER_ROLES[role].prefix}_${suffix}`;
}

/** The chain whose keys are Hardhat's public development keys: the only one raw keys are allowed on. */
export const LOCAL_CHAIN_ID = 31337;
