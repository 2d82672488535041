const ESCAPES: Record<string, string> = {
  '"': '"',
  "'": "'",
  "\\": "\\",
  "/": "/",
  n: "\n",
  t: "\t",
  r: "\r",
  b: "\b",
  f: "\f",
};

export interface QuotedText {
  value: string;
  /** Index after the closing quote, or the end of the text when it is not closed yet. */
  end: number;
  closed: boolean;
  /** Index of an escape or character the language does not allow. */
  invalidAt?: number;
}

/** Reads a quoted string with JSON escapes; an unclosed one yields the text so far. */
export function readQuoted(source: string, start: number, quote: string): QuotedText {
  let value = "";
  let i = start + 1;
  let runStart = i;
  while (i < source.length) {
    const char = source[i];
    if (char === quote)
      return { value: value + source.slice(runStart, i), end: i + 1, closed: true };
    if (char === "\n") return { value, end: i, closed: false, invalidAt: i };
    if (char !== "\\") {
      i++;
      continue;
    }
    value += source.slice(runStart, i);
    const escaped = source[i + 1];
    if (escaped === undefined) return { value, end: source.length, closed: false };
    if (escaped === "u") {
      const hex = source.slice(i + 2, i + 6);
      if (hex.length < 4 && i + 6 > source.length && /^[0-9a-fA-F]*$/.test(hex)) {
        return { value, end: source.length, closed: false };
      }
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) return { value, end: i, closed: false, invalidAt: i };
      value += String.fromCharCode(parseInt(hex, 16));
      i += 6;
    } else {
      const decoded = Object.hasOwn(ESCAPES, escaped) ? ESCAPES[escaped] : undefined;
      if (decoded === undefined) return { value, end: i, closed: false, invalidAt: i };
      value += decoded;
      i += 2;
    }
    runStart = i;
  }
  return { value: value + source.slice(runStart), end: source.length, closed: false };
}

const CLOSERS: Record<string, string> = { "{": "}", "[": "]", "(": ")" };

/**
 * Finds the `}` that closes the `{` at `start`, skipping strings and nested brackets. Returns -1
 * while the text ends first. Malformed input ends at the next `}` so the parser can report it.
 */
export function findClosingBrace(source: string, start: number): number {
  const expected: string[] = [];
  for (let i = start; i < source.length; i++) {
    const char = source[i] as string;
    if (char === '"' || char === "'") {
      const quoted = readQuoted(source, i, char);
      if (!quoted.closed)
        return quoted.invalidAt === undefined ? -1 : source.indexOf("}", quoted.end);
      i = quoted.end - 1;
    } else if (Object.hasOwn(CLOSERS, char)) {
      expected.push(CLOSERS[char] as string);
    } else if (char === "}" || char === "]" || char === ")") {
      if (expected.pop() !== char) return source.indexOf("}", i);
      if (expected.length === 0) return i;
    }
  }
  return -1;
}

/** `text` begins with the first `length` characters of `prefix` (compared flat: far faster than startsWith of a slice). */
export function startsWithText(text: string, prefix: string, length: number): boolean {
  return (
    text.length >= length &&
    prefix.length >= length &&
    text.slice(0, length) === prefix.slice(0, length)
  );
}
