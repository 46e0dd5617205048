import { describe, expect, it } from "vitest";
import { summaryFromHtml } from "../../../domain/notice-summary";

describe("summaryFromHtml", () => {
  it("keeps the text, drops tags, scripts and styles", () => {
    expect(summaryFromHtml("<p>系统<strong>升级</strong>通知</p><script>alert(1)</script><style>p{}</style>")).toBe(
      "系统 升级 通知",
    );
    expect(summaryFromHtml("a &amp; b &lt;c&gt;")).toBe("a & b <c>");
  });

  it("cuts long text at a character, not a byte", () => {
    const summary = summaryFromHtml("公告".repeat(100), 10);
    expect(Array.from(summary)).toHaveLength(10);
    expect(summary.endsWith("…")).toBe(true);
  });
});
