import fs from "node:fs";
import path from "node:path";
import { run } from "../lib/processes";

/**
 * A self-signed certificate for the rehearsal's web server (localhost and 127.0.0.1), made with
 * the system's openssl. Only the rehearsal's browser is told to accept it.
 */
export async function selfSignedCertificate(dir: string): Promise<{ certFile: string; keyFile: string }> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=localhost",
    "-addext",
    "subjectAltName=DNS:localhost,IP:127.0.0.1",
    "-keyout",
    keyFile,
    "-out",
    certFile,
  ]);
  fs.chmodSync(keyFile, 0o600);
  return { certFile, keyFile };
}
