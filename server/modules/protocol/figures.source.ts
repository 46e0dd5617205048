import type { FastifyInstance } from "fastify";
import { chainContractsReader, createChainClient } from "../../lib/chain";
import { createFiguresAtBlock } from "./figures-at-block";
import { createMyFiguresAtBlock } from "./my-figures-at-block";

/**
 * The protocol's figures as the API reads them (ADR-0209, ADR-0212): the public ones at the head,
 * and an account's own at the same block. One of each per process, so that both routes share the
 * head lookup and the block's reading.
 */
export function createProtocolFiguresSource(app: FastifyInstance) {
  const deployments = chainContractsReader(app.config.deploymentsFile, app.config.chainId, (err) =>
    app.log.warn({ err }, "protocol figures: cannot read the deployments file"),
  );
  const contracts = () => deployments()?.deployments.contracts ?? null;
  const client = createChainClient(app.config);
  const latest = createFiguresAtBlock({
    client,
    contracts: () => {
      const c = contracts();
      return c ? { front: c.front, spex: c.spex, game: c.game } : null;
    },
  });
  const mine = createMyFiguresAtBlock({
    client,
    contracts: () => {
      const c = contracts();
      return c ? { pex: c.pex, spex: c.spex } : null;
    },
    latest,
  });
  return { latest, mine };
}

export type ProtocolFiguresSource = ReturnType<typeof createProtocolFiguresSource>;
