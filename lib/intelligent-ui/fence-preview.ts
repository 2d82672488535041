import { compileBlock, type BlockCache } from "./compile-block";
import { fenceSource, scanFences, UI_FENCE_LANGUAGE } from "./fences";
import type { CompileUiBlockOptions, UiBlock } from "./types";

/**
 * Previews one streaming block from its fence as written so far, opening line included, as a reply
 * compiles that fence: closed, it is complete. Each call resumes where the last parse stopped.
 */
export class UiFencePreview {
  private cache: BlockCache | undefined;

  /** `options.id` is the block id the reply gave the fence, verbatim. */
  constructor(private readonly options: Omit<CompileUiBlockOptions, "final">) {}

  /** Null until the text opens a ui fence. */
  compile(fence: string): UiBlock | null {
    const found = scanFences(fence, UI_FENCE_LANGUAGE).fences[0];
    if (found === undefined || found.start !== 0) return null;
    const compiled = compileBlock(
      fenceSource(fence, found),
      { ...this.options, final: found.closed },
      this.cache,
    );
    this.cache = compiled.cache;
    return compiled.block;
  }
}
