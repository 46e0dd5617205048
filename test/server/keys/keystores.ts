import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { encryptKeystoreJsonSync } from "ethers";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** A folder of keystores for one test file, removed by `remove`. */
export function keystoreFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "server-keys-"));
  let n = 0;
  return {
    dir,
    /**
     * Writes `privateKey` as a V3 keystore under `password`, and the password file (with the
     * trailing newline an editor or `echo` leaves). Light scrypt (N = 1024) keeps a test fast;
     * the server reads whatever N the file says.
     */
    write(privateKey: Hex, password = "correct horse battery staple") {
      const id = n++;
      const file = path.join(dir, `key-${id}.json`);
      const passwordFile = path.join(dir, `key-${id}.password`);
      const account = { address: privateKeyToAccount(privateKey).address, privateKey };
      fs.writeFileSync(file, encryptKeystoreJsonSync(account, password, { scrypt: { N: 1 << 10 } }));
      fs.writeFileSync(passwordFile, `${password}\n`);
      return { file, passwordFile };
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
