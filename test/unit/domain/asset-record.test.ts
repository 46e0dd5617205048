import { describe, expect, it } from "vitest";
import { explorerTxUrl, recordStatusLabel } from "../../../domain/asset-record";

describe("asset record display", () => {
  it("labels stored states with the specification's words; sending is still Pending", () => {
    expect(recordStatusLabel("pending")).toBe("Pending");
    expect(recordStatusLabel("sending")).toBe("Pending");
    expect(recordStatusLabel("success")).toBe("Success");
    expect(recordStatusLabel("failed")).toBe("Failed");
    expect(recordStatusLabel("reversed")).toBe("Reversed");
  });

  it("builds an explorer URL only when there is a hash and an explorer", () => {
    const hash = `0x${"ab".repeat(32)}`;
    expect(explorerTxUrl("https://bscscan.com/tx/{hash}", hash)).toBe(`https://bscscan.com/tx/${hash}`);
    expect(explorerTxUrl("https://bscscan.com/tx/", hash)).toBe(`https://bscscan.com/tx/${hash}`);
    expect(explorerTxUrl("", hash)).toBeNull();
    expect(explorerTxUrl("https://bscscan.com/tx/{hash}", null)).toBeNull();
  });
});
