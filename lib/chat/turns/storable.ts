/**
 * Agent output is untrusted: NUL cannot be stored and a lone surrogate fails the write, so each is
 * replaced with U+FFFD. While streaming, a trailing high surrogate awaits its second half, so it is
 * held back, not replaced.
 */
export function toStorableText(text: string, { final }: { final: boolean }): string {
  const held =
    !final && isHighSurrogate(text.charCodeAt(text.length - 1)) ? text.slice(0, -1) : text;
  return held.replaceAll("\u0000", "\uFFFD").toWellFormed();
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
