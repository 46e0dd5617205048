import { buildWebServer } from "./app";
import { loadWebConfig } from "./config";

/** `node --import tsx web-server/server.ts`: listens, and shuts down gracefully. */
async function main() {
  const config = loadWebConfig();
  const web = await buildWebServer(config);
  const shutdown = async (signal: string) => {
    web.log.info({ signal }, "shutting down");
    await web.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  await web.listen({ host: config.host, port: config.port });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
