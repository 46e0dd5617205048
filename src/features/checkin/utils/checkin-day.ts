import { dayNumber } from "@domain/settlement-day";
import { storage } from "@/lib/storage";

/** Remembers, per address, the UTC+8 day on which the sign-in reward was last shown. */
const KEY = "checkinDay";

function read(): Record<string, number> {
  try {
    const value: unknown = JSON.parse(storage.get(KEY) ?? "{}");
    return value && typeof value === "object" ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function shouldShowCheckin(address: string, now = Date.now()): boolean {
  return read()[address.toLowerCase()] !== dayNumber(now);
}

export function markCheckinShown(address: string, now = Date.now()): void {
  storage.set(KEY, JSON.stringify({ ...read(), [address.toLowerCase()]: dayNumber(now) }));
}
