import { describe, expect, it } from "vitest";
import { joined } from "./event-stream";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const frame = (seq: number, ends?: boolean) => ({
  seq,
  bytes: new TextEncoder().encode(`id: ${seq}\n\n`),
  ends,
});

describe("a read's frames, as a page receives them", () => {
  it("are one write, joined once for every page that shares the batch", () => {
    const frames = [frame(1), frame(2), frame(3)];
    const batch = joined(frames);
    expect(text(batch.bytes)).toBe("id: 1\n\nid: 2\n\nid: 3\n\n");
    expect(batch.seq).toBe(3);
    expect(batch.ends).toBe(false);
    expect(joined(frames)).toBe(batch);
  });

  it("stop at the first frame that ends the stream", () => {
    const batch = joined([frame(1), frame(2, true), frame(3)]);
    expect(text(batch.bytes)).toBe("id: 1\n\nid: 2\n\n");
    expect(batch).toMatchObject({ seq: 2, ends: true });
  });
});
