import { shortenAddress } from "@domain/address";
import { explorerTxLink } from "@/lib/wallet/explorer";

/** A transaction hash, shortened, linked to the explorer when one is configured; the full hash in its title. */
export function TxHash({ hash }: { hash: string }) {
  const link = explorerTxLink(hash);
  const text = shortenAddress(hash, 10, 8);
  return link ? (
    <a href={link} target="_blank" rel="noreferrer" title={hash} data-testid="tx-hash">
      {text}
    </a>
  ) : (
    <code className="lottery-hex lottery-hex--short" title={hash} data-testid="tx-hash">
      {text}
    </code>
  );
}
