import pg from "pg";
import type { OrderDto } from "./order.service";
import { placeOrdersPg, type OrderOutcome, type OrderRequest } from "./place-orders.pg";

/**
 * Gathers the orders of this process that arrive while a batch is in flight and sends them as
 * the next batch (issue 15). A lone order goes at once, so batching adds no wait when the API
 * is idle; under load one round trip and one WAL flush serve many orders. The flush matters
 * most: a product's row stays locked until its order's commit is on disk, so with one order per
 * commit every buyer of that product queues behind one flush after another.
 *
 * Orders of different users share a transaction but not their fate: each is its own
 * subtransaction (a refusal undoes that order alone), and when the statement fails as a whole
 * (a deadlock with another batch, an order's unexpected error) nothing of it was committed, so
 * each order is tried again on its own and only the one at fault fails.
 */
export class OrderBatcher {
  private queue: { request: OrderRequest; settle: (outcome: OrderOutcome | Error) => void }[] = [];
  private inFlight = 0;

  constructor(
    private readonly pool: pg.Pool,
    /**
     * Batches in flight at once. Each batch claims its own stock slice (migration 0009), so a
     * second would not wait for the first's lock, but it would split the queue into smaller
     * batches; one in flight per process keeps the most orders per flush, and other processes'
     * batches take other slices.
     */
    private readonly maxInFlight = 1,
    /** Subtransactions per transaction; PostgreSQL tracks up to 64 per backend cheaply. */
    private readonly maxBatch = 32,
  ) {}

  place(request: OrderRequest): Promise<OrderDto> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        request,
        settle: (outcome) => {
          if (outcome instanceof Error) reject(outcome);
          else if ("refusal" in outcome) reject(outcome.refusal);
          else resolve(outcome.order);
        },
      });
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
  }

  private async send(batch: typeof this.queue, attempt = 1): Promise<void> {
    let outcomes: OrderOutcome[];
    try {
      outcomes = await placeOrdersPg(
        this.pool,
        batch.map((b) => b.request),
      );
    } catch (err) {
      // A server-side error (it carries an SQLSTATE) rolled the whole statement back; a lost
      // connection may not have, so those orders are not sent again.
      if (batch.length > 1 && isStatementError(err)) await Promise.all(batch.map((b) => this.send([b])));
      else if (isRetryable(err) && attempt < MAX_ATTEMPTS) {
        // A lone order can still meet a deadlock near a sold-out: it waits for every slice in
        // order while another batch holds one of them and waits for this buyer's balance row.
        // PostgreSQL undid it whole, so it is sent again, after a pause that breaks the tie.
        await sleep(Math.random() * 5 * attempt);
        await this.send(batch, attempt + 1);
      } else for (const b of batch) b.settle(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    batch.forEach((b, i) => b.settle(outcomes[i]!));
  }
}

/** Tries of one order that PostgreSQL undid for a deadlock or a serialisation failure. */
const MAX_ATTEMPTS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An ERROR answer to the statement (not FATAL: the connection's end leaves the outcome unknown). */
function isStatementError(err: unknown): boolean {
  return err instanceof pg.DatabaseError && err.severity === "ERROR";
}

/** deadlock_detected and serialization_failure: nothing was committed, and a new try may pass. */
function isRetryable(err: unknown): boolean {
  return isStatementError(err) && ["40P01", "40001"].includes((err as pg.DatabaseError).code ?? "");
}

// One batcher per pool: per process, or per test app (each has its own database and pool).
const batchers = new WeakMap<pg.Pool, OrderBatcher>();

export function orderBatcher(pool: pg.Pool): OrderBatcher {
  let batcher = batchers.get(pool);
  if (!batcher) batchers.set(pool, (batcher = new OrderBatcher(pool)));
  return batcher;
}
