/** What the built app talks to, from the values it was built with (`VITE_RPC_URL`, …). */
export interface CspSources {
  rpcUrl: string;
  /** Another origin of the API (`VITE_API_BASE`); null: the app's own origin. */
  apiBase: string | null;
  /** WalletConnect wallets are listed (a project id is configured). */
  walletConnect: boolean;
}

/** WalletConnect's relay, RPC, analytics and key servers (Reown's published CSP list, as wildcards). */
const WALLETCONNECT_CONNECT = [
  "https://*.walletconnect.com",
  "https://*.walletconnect.org",
  "wss://*.walletconnect.com",
  "wss://*.walletconnect.org",
  "https://*.web3modal.com",
  "https://*.web3modal.org",
];
/** Its Verify iframe (checks the dApp's origin for the wallet) and its secure-site frame. */
const WALLETCONNECT_FRAMES = [
  "https://verify.walletconnect.com",
  "https://verify.walletconnect.org",
  "https://secure.walletconnect.com",
  "https://secure.walletconnect.org",
];

/**
 * The Content-Security-Policy the built app satisfies (ADR-0144, "Web server and proxies"): scripts
 * only from this origin, and the inline scripts the build wrote into index.html by their hashes
 * (`scriptHashes`: the landing page's first requests), styles inline too (RainbowKit writes its
 * theme into a style element; index.html inlines its first-paint CSS), images from https as
 * well (operators link product images from their own hosts), data: for the wallet icons
 * RainbowKit bundles, and connections to the chain RPC the app was built with.
 */
export function cspDirectives(sources: CspSources, scriptHashes: readonly string[] = []): Record<string, string[]> {
  const origin = (url: string) => new URL(url).origin;
  const api = sources.apiBase ? [origin(sources.apiBase)] : [];
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scriptHashes],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:", ...api],
    "font-src": ["'self'", "data:"],
    "connect-src": unique(["'self'", origin(sources.rpcUrl), ...api, ...(sources.walletConnect ? WALLETCONNECT_CONNECT : [])]),
    "frame-src": sources.walletConnect ? WALLETCONNECT_FRAMES : ["'none'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
