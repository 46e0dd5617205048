import type { UserInfo } from "@/types/api";
import { storage } from "./storage";

/** localStorage keys (specification §3), plus the device id and the language choice. */
export const storageKeys = {
  token: "token",
  userInfo: "userInfo",
  address: "address",
  inviteCode: "inviteCode",
  tabId: "tabId",
  /** Page to return to after signing in. */
  redirect: "redirect",
  /** Inviter's code from an `invitationCode` link. */
  spread: "spread",
  deviceId: "deviceId",
  lang: "lang",
} as const;

/**
 * Logout clears all of localStorage except these: the specification keeps redirect and spread;
 * the device id identifies the device, not the user; the language is the reader's, not the account's.
 */
export const KEPT_ON_LOGOUT: readonly string[] = [
  storageKeys.redirect,
  storageKeys.spread,
  storageKeys.deviceId,
  storageKeys.lang,
];

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore; also fires when another tab signs in or out. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.token || event.key === storageKeys.address) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function getToken(): string | null {
  return storage.get(storageKeys.token);
}

export function getStoredAddress(): string | null {
  return storage.get(storageKeys.address);
}

/** The login flag (specification §4): a stored address or token exists. */
export function isLoggedIn(): boolean {
  return Boolean(getStoredAddress() || getToken());
}

/**
 * Signed in, but the address has not registered yet (inviter, email, fund password). Read from
 * the stored user info, which every user-info fetch and the registration itself refresh; a copy
 * from before the flag existed counts as registered (the server still checks every action).
 */
export function needsRegistration(): boolean {
  return isLoggedIn() && getStoredUserInfo()?.registered === false;
}

export function getStoredUserInfo(): UserInfo | null {
  const raw = storage.get(storageKeys.userInfo);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" ? (value as UserInfo) : null;
  } catch {
    return null;
  }
}

export function storeUserInfo(info: UserInfo): void {
  storage.set(storageKeys.userInfo, JSON.stringify(info));
  if (info.invitation) storage.set(storageKeys.inviteCode, info.invitation);
}

export function saveLogin({ token, address, userInfo }: { token: string; address: string; userInfo: UserInfo }): void {
  storage.set(storageKeys.token, token);
  storage.set(storageKeys.address, address);
  storeUserInfo(userInfo);
  notify();
}

/** Removes everything but the kept keys (specification §4). */
export function clearSession(): void {
  for (const key of storage.keys()) {
    if (!KEPT_ON_LOGOUT.includes(key)) storage.remove(key);
  }
  notify();
}

function randomUuid(): string {
  // randomUUID exists only in secure contexts; a phone opening the dev server by LAN IP is not one.
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A random id for this device, created once and kept across logouts. */
export function getDeviceId(): string {
  const existing = storage.get(storageKeys.deviceId);
  if (existing && /^[A-Za-z0-9-]{8,64}$/.test(existing)) return existing;
  const id = randomUuid();
  storage.set(storageKeys.deviceId, id);
  return id;
}

export function setRedirect(route: string): void {
  storage.set(storageKeys.redirect, route);
}

/** Reads and forgets the page to return to after signing in; only an in-app route is accepted. */
export function takeRedirect(): string | null {
  const route = storage.get(storageKeys.redirect);
  storage.remove(storageKeys.redirect);
  return route && /^\/(?!\/)/.test(route) ? route : null;
}

export function setSpread(code: string): void {
  storage.set(storageKeys.spread, code);
}

export function getSpread(): string | null {
  return storage.get(storageKeys.spread);
}
