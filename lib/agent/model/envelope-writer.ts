import {
  ASSISTANT_CONTENT_HEADER,
  ASSISTANT_CONTENT_LIMITS,
  type ComponentRenderFrame,
} from "@/lib/component-frames";

const { maxRecords, maxTextLength } = ASSISTANT_CONTENT_LIMITS;
// Past this many records, prose waits for the end of the reply: the rest are kept for frames and
// the last flush, so a long reply never crosses the envelope's record limit.
const STREAMED_RECORDS = maxRecords - 64;
const FRAME_RECORDS = maxRecords - 16;

/**
 * Writes a model's reply as a content envelope while it streams. A model may add a frame at any
 * point, and a reply's first bytes decide whether it is an envelope, so every model reply is one
 * from its first chunk. Prose is written as whole text records of a few dozen characters (the
 * host decodes only finished lines), growing as records are used so a long reply stays within
 * the envelope's limits. Everything the model wrote is data inside a record: prose that imitates
 * the envelope or a frame stays prose.
 */
export class EnvelopeWriter {
  private started = false;
  private records = 0;
  private pending = "";
  private written = "";

  /** All the prose written or pending so far, as the host will read it. */
  get prose(): string {
    return this.written + storable(this.pending);
  }

  /** Adds prose; returns the records now due (possibly none). */
  text(delta: string): string {
    this.pending += delta;
    if (this.records >= STREAMED_RECORDS || this.pending.length < minimumRecordLength(this.records))
      return "";
    return this.open() + this.flush({ final: false });
  }

  /** Writes the prose so far, then the frame; a frame past the record budget is dropped. */
  frame(frame: ComponentRenderFrame): string {
    if (this.records >= FRAME_RECORDS) return "";
    const prose = this.flush({ final: true });
    this.records += 1;
    return this.open() + prose + record({ kind: "component", frame });
  }

  /**
   * The prose so far, before a record the host writes itself (an MCP App's call), which counts
   * as one; past the record budget, empty and `false`: the call is left out.
   */
  beforeHostRecord(): { written: string; room: boolean } {
    if (this.records >= FRAME_RECORDS) return { written: "", room: false };
    const prose = this.flush({ final: true });
    this.records += 1;
    return { written: this.open() + prose, room: true };
  }

  /** The rest of the prose, and the header of a reply that wrote nothing at all. */
  end(): string {
    return this.open() + this.flush({ final: true });
  }

  private open(): string {
    if (this.started) return "";
    this.started = true;
    return ASSISTANT_CONTENT_HEADER;
  }

  private flush({ final }: { final: boolean }): string {
    // Half a character waits for its other half while the reply streams.
    const held =
      !final && isHighSurrogate(this.pending.charCodeAt(this.pending.length - 1)) ? 1 : 0;
    const text = storable(this.pending.slice(0, this.pending.length - held));
    this.pending = this.pending.slice(this.pending.length - held);
    this.written += text;
    let written = "";
    for (let start = 0; start < text.length;) {
      let end = Math.min(start + maxTextLength, text.length);
      if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
      written += record({ kind: "text", text: text.slice(start, end) });
      this.records += 1;
      start = end;
    }
    return written;
  }
}

/** 32 characters a record for the first 128 records, then twice as many every 128 records. */
function minimumRecordLength(records: number): number {
  return 32 << Math.floor(records / 128);
}

function record(
  value: { kind: "text"; text: string } | { kind: "component"; frame: ComponentRenderFrame },
): string {
  return `${JSON.stringify(value)}\n`;
}

/** Postgres stores neither NUL nor a lone surrogate, in a column or inside JSON. */
function storable(text: string): string {
  return text.replaceAll("\u0000", "\uFFFD").toWellFormed();
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
