/** The yardstick for API throughput: a bare Fastify route answering a small JSON object. */
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/bare", async () => ({ code: 0, msg: "success", data: { hello: "world" } }));
app.listen({ host: "127.0.0.1", port: Number(process.env.PORT ?? 0) }).then(() => process.stdout.write("ready\n"));
