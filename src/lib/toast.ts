/** Toast service (specification §9: 2500 ms). One toast at a time; a new one replaces the old. */
export const TOAST_DURATION_MS = 2500;

export type ToastType = "info" | "success" | "error";

export interface ToastMessage {
  id: number;
  type: ToastType;
  text: string;
}

type Listener = (toast: ToastMessage | null) => void;

let current: ToastMessage | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener(current);
}

export function showToast(text: string, type: ToastType = "info", duration = TOAST_DURATION_MS): void {
  if (timer !== undefined) clearTimeout(timer);
  current = { id: nextId++, type, text };
  emit();
  timer = setTimeout(dismissToast, duration);
}

export function dismissToast(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  current = null;
  emit();
}

export function getToast(): ToastMessage | null {
  return current;
}

export function subscribeToast(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toast = {
  info: (text: string) => showToast(text, "info"),
  success: (text: string) => showToast(text, "success"),
  error: (text: string) => showToast(text, "error"),
};
