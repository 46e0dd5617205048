/**
 * The shop's first load (phone-first speed issue): the routes a visitor lands on, their budget of
 * JavaScript before any wallet action, and what must not be part of it. Measured in the browser
 * by bench/shop-first-load.ts and on the build's chunks by test/unit/architecture.
 */
/**
 * 135 KB gzip with i18next and react-i18next in the entry (issue 26; 120 KB with the hand-made
 * translator they replaced).
 */
export const SHOP_ROUTE_JS_BUDGET = 135 * 1024;

export const SHOP_ROUTES = [
  { name: "home", hash: "#/pages/index/index", module: "src/app/routes/home.tsx" },
  { name: "login", hash: "#/pages/login/login", module: "src/app/routes/login.tsx" },
  { name: "product detail", hash: "#/pages/goods-detail/goods-detail?id=1", module: "src/app/routes/goods-detail.tsx" },
] as const;

/**
 * Modules no shop route may load: the operator console, the protocol pages and their texts (and
 * the account's and the server's refusals), the
 * wallet stack (wagmi, viem, RainbowKit, WalletConnect, the generated contract hooks), and
 * DOMPurify, which only browsers without their own sanitiser fetch (components/ui/safe-html.tsx).
 * The login page's discovery of injected wallets (plain DOM events, no wallet library) is the
 * one file of src/lib/wallet it needs: it must listen from the start to hear the announcements.
 */
export const NOT_ON_SHOP_ROUTES: readonly RegExp[] = [
  /^src\/features\/admin\//,
  /^locales\/console\//,
  // Their own texts are the shell's (shop), home's and a product's (goods), sign-in's (wallet).
  /^locales\/\w+\.json\?catalogue=(?!(shop|goods|wallet)$)/,
  /^src\/lib\/protocol\//,
  /^src\/components\/protocol\//,
  /^src\/features\/(boardroom|bond|bridge|claim-profit|dao-reward|dashboard|exchange|ido-release|lottery|stake|win)\//,
  /^src\/lib\/wallet\/(?!injected-providers\.ts$)/,
  /^generated\//,
  /^node_modules\/(wagmi|@wagmi|viem|ox|abitype|@rainbow-me|@walletconnect|@reown|@metamask|@coinbase)/,
  /^node_modules\/dompurify\//,
];
