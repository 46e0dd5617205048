import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSseParser, type SseMessage } from "../../../domain/sse-parser";

function parse(chunks: string[]) {
  const messages: SseMessage[] = [];
  const retries: number[] = [];
  const comments: string[] = [];
  const parser = createSseParser({
    message: (m) => messages.push(m),
    retry: (ms) => retries.push(ms),
    comment: (c) => comments.push(c),
  });
  for (const chunk of chunks) parser.feed(chunk);
  return { messages, retries, comments };
}

describe("the server-sent events parser", () => {
  it("reads id, event and data, and keeps the last id for events without one", () => {
    const { messages } = parse(['id: 3-0\nevent: recharge\ndata: {"a":1}\n\n', "event: balance\ndata: {}\n\n"]);
    expect(messages).toEqual([
      { id: "3-0", event: "recharge", data: '{"a":1}' },
      { id: "3-0", event: "balance", data: "{}" },
    ]);
  });

  it("joins data lines with LF, names an unnamed event `message`, and sends nothing for an event without data", () => {
    const { messages } = parse(["data: a\ndata:b\ndata\n\nevent: x\n\nid: 9\n\n"]);
    expect(messages).toEqual([{ id: "", event: "message", data: "a\nb\n" }]);
  });

  it("takes CRLF, CR and LF line ends, a CRLF split across chunks, and one leading BOM", () => {
    const { messages } = parse(["\uFEFFdata: one\r", "\n\r", "\ndata: two\r\rdata: three\n\n"]);
    expect(messages.map((m) => m.data)).toEqual(["one", "two", "three"]);
  });

  it("ignores an id with NUL, retry that is not digits, unknown fields, and reports comments", () => {
    const { messages, retries, comments } = parse([
      "id: 1\n\nid: a\0b\nretry: 1x\nretry: 2000\nfoo: bar\n: heartbeat\ndata: d\n\n",
    ]);
    expect(messages).toEqual([{ id: "1", event: "message", data: "d" }]);
    expect(retries).toEqual([2000]);
    expect(comments).toEqual([" heartbeat"]);
  });

  it("drops an event the stream ended in the middle of", () => {
    expect(parse(["data: whole\n\ndata: half"]).messages.map((m) => m.data)).toEqual(["whole"]);
  });

  it("gives the same events however the stream is cut into chunks", () => {
    const stream =
      'retry: 2000\n\nid: 1-0\nevent: ready\ndata: {}\n\n: heartbeat\r\n\r\nid: 2-0\r\nevent: payout\r\ndata: {"s":"é"}\r\n\r\n';
    const whole = parse([stream]).messages;
    expect(whole).toHaveLength(2);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: stream.length }), { maxLength: 12 }), (cuts) => {
        const at = [...new Set(cuts)].sort((a, b) => a - b);
        const chunks = [0, ...at].map((from, i) => stream.slice(from, at[i] ?? stream.length));
        expect(parse(chunks).messages).toEqual(whole);
      }),
    );
  });
});
