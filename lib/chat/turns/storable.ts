/**
 * Text as Postgres can store it. An agent's output is untrusted: NUL cannot be stored at all, and
 * a lone surrogate makes the write fail, so one bad character would fail every write of the
 * reply. While a reply streams, a trailing high surrogate is the first half of a character
 * whose second half has not arrived yet: it is held back, not replaced.
 */
export function storableText(text: string, { final }: { final: boolean }): string {
  const held = !final && isHighSurrogate(text.charCodeAt(text.length - 1)) ? text.slice(0, -1) : text;
  return held.replaceAll("\u0000", "\uFFFD").toWellFormed();
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
