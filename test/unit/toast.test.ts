import { afterEach, describe, expect, it, vi } from "vitest";
import { TOAST_DURATION_MS, dismissToast, getToast, toast } from "@/lib/toast";

afterEach(() => {
  dismissToast();
  vi.useRealTimers();
});

describe("toast", () => {
  it("shows for 2500 ms", () => {
    vi.useFakeTimers();
    expect(TOAST_DURATION_MS).toBe(2500);
    toast.success("购买成功");
    expect(getToast()).toMatchObject({ type: "success", text: "购买成功" });
    vi.advanceTimersByTime(2499);
    expect(getToast()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(getToast()).toBeNull();
  });

  it("replaces the previous toast and restarts the clock", () => {
    vi.useFakeTimers();
    toast.info("a");
    vi.advanceTimersByTime(2000);
    toast.error("b");
    vi.advanceTimersByTime(2000);
    expect(getToast()).toMatchObject({ type: "error", text: "b" });
  });
});
