import { variableOf, type SignerRole } from "../../server/lib/signers/signer-roles";
import type { RehearsalKey, RehearsalRole } from "./keys";

/** Which rehearsal key each server job signs with (the deployer, provider and dividend keys sign nothing on the server). */
const SERVER_KEYS: Record<SignerRole, RehearsalRole> = {
  payout: "payout",
  inviteBinder: "binder",
  priceKeeper: "priceKeeper",
  lotteryKeeper: "lotteryKeeper",
};

/**
 * The API's key variables as production sets them: each job's keystore and password file, and the
 * address its role was granted to, which the server checks the keystore against.
 */
export function serverKeyEnvironment(keys: Record<RehearsalRole, RehearsalKey>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [role, name] of Object.entries(SERVER_KEYS) as [SignerRole, RehearsalRole][]) {
    env[variableOf(role, "KEYSTORE")] = keys[name].keystoreFile;
    env[variableOf(role, "PASSWORD_FILE")] = keys[name].passwordFile;
    env[variableOf(role, "ADDRESS")] = keys[name].address;
  }
  return env;
}
