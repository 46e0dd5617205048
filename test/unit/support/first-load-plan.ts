import type { FirstLoadPlan } from "@/boot/first-load";

/** A page nested in the protocol layout: the layout's chunk and stylesheet, then the page's (or its preview's) chunk. */
const inProtocolLayout = (chunk: string) => ({
  scripts: ["/assets/protocol-layout-1.js", `/assets/${chunk}-1.js`],
  styles: ["/assets/protocol-layout-1.css"],
});

/** The protocol's landing pages in a stand-in build plan: the dashboard, and stake, bond and lottery as their previews. */
export const PROTOCOL_LANDINGS: Pick<FirstLoadPlan["routes"], "dashboard" | "stake" | "bond" | "lottery"> = {
  dashboard: inProtocolLayout("protocol-dashboard"),
  stake: inProtocolLayout("protocol-stake-preview"),
  bond: inProtocolLayout("protocol-bond-preview"),
  lottery: inProtocolLayout("protocol-lottery-preview"),
};
