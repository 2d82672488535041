import type { UiFailureCode } from "./types";

/** The one error the library throws on purpose; `code` is stable and machine-readable. */
export class UiFailure extends Error {
  readonly code: UiFailureCode;
  readonly start?: number;
  readonly end?: number;

  constructor(code: UiFailureCode, message: string, span?: { start: number; end: number }) {
    super(message);
    this.name = "UiFailure";
    this.code = code;
    this.start = span?.start;
    this.end = span?.end;
  }
}

export function isUiFailure(error: unknown): error is UiFailure {
  return error instanceof UiFailure;
}
