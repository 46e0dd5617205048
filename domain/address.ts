/** Shortens a 0x address for display: "0x1234…abcd" (first 6 and last 4 characters). */
export function shortenAddress(address: string, head = 6, tail = 4): string {
  if (address.length <= head + tail + 1) return address;
  return `${address.slice(0, head)}…${address.slice(-tail)}`;
}
