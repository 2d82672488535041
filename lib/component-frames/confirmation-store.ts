import type { ActionConfirmationRecord, ConfirmationStore } from "./confirmation-types";

/** Non-durable store for tests and single-process use; the app backs the same interface with Postgres. */
export function createMemoryConfirmationStore(): ConfirmationStore {
  const records = new Map<string, ActionConfirmationRecord>();
  return {
    async insert(record) {
      if (records.has(record.token)) throw new Error("Confirmation token already exists.");
      records.set(record.token, Object.freeze({ ...record }));
    },
    async find(token) {
      return records.get(token) ?? null;
    },
    async compareAndSwap(token, from, patch) {
      const current = records.get(token);
      if (!current || current.status !== from) return false;
      records.set(token, Object.freeze({ ...current, ...patch }));
      return true;
    },
    async replace(token, replacement) {
      const current = records.get(token);
      if (!current || current.status !== "pending" || records.has(replacement.token)) return false;
      records.set(
        token,
        Object.freeze({ ...current, status: "replaced", settledAt: replacement.createdAt }),
      );
      records.set(replacement.token, Object.freeze({ ...replacement }));
      return true;
    },
  };
}
