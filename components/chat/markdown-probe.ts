type Probe = { __markdownBlocksDrawn?: { index: number; source: string }[] };

/**
 * For the browser test that a streamed delta draws only the tail: a page whose window holds a
 * `__markdownBlocksDrawn` list (set by the test before the app loads) gets every block drawn
 * added to it. Nothing is recorded otherwise.
 */
export function noteBlockDrawn(index: number, source: string) {
  (globalThis as Probe).__markdownBlocksDrawn?.push({ index, source });
}
