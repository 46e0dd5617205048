/**
 * What `use-sync-external-store/shim` resolves to in the build (vite.config.mts): react-i18next
 * imports that shim for React before 18, and React 19 has the hook itself; the shim cost every
 * page a few hundred bytes for a branch that never runs.
 */
export { useSyncExternalStore } from "react";
