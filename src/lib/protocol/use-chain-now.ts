import { useEffect, useState } from "react";
import { useBlock } from "wagmi";

/**
 * The chain's clock in seconds, ticking every second: the latest block's timestamp plus the wall
 * time since it was seen. Countdowns use it because the chain's clock may differ from the
 * device's (a local chain moved forward by tests, a block producer's drift).
 */
export function useChainNow(): number | undefined {
  const { data: block, dataUpdatedAt } = useBlock({ watch: true });
  const [wall, setWall] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setWall(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  if (!block) return undefined;
  return Number(block.timestamp) + Math.max(0, Math.floor((wall - dataUpdatedAt) / 1000));
}
