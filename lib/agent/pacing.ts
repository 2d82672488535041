/** Splits text into small chunks the way a model streams tokens: a word or a few characters. */
export function chunkText(text: string, size = 6): string[] {
  const chunks: string[] = [];
  let index = 0;
  while (index < text.length) {
    const space = text.indexOf(" ", index + 1);
    let end = space === -1 || space - index > size ? Math.min(index + size, text.length) : space;
    // Never split a surrogate pair: a chunk ending in half a character cannot be stored.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end += 1;
    chunks.push(text.slice(index, end));
    index = end;
  }
  return chunks;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
