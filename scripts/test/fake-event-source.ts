/** The page's event streams, driven by a test: every connection opened, in order (stub it as the global `EventSource`). */
export class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((message: { lastEventId: string; data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  readonly listeners = new Map<string, () => void>();
  addEventListener(name: string, listener: () => void) {
    this.listeners.set(name, listener);
  }
  /** A named server event (`event: deleted`, `event: unshared`). */
  emit(name: string) {
    this.listeners.get(name)?.();
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The connection opened last. */
  static latest(): FakeEventSource {
    const latest = FakeEventSource.opened.at(-1);
    if (!latest) throw new Error("No event stream was opened.");
    return latest;
  }
}
