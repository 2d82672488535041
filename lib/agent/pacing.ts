/** Splits text into small chunks the way a model streams tokens: a word or a few characters. */
export function chunkText(text: string, size = 6): string[] {
  const chunks: string[] = [];
  let index = 0;
  while (index < text.length) {
    const space = text.indexOf(" ", index + 1);
    const end = space === -1 || space - index > size ? Math.min(index + size, text.length) : space;
    chunks.push(text.slice(index, end));
    index = end;
  }
  return chunks;
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
