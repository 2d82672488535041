import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConfirmationConfigError, createActionConfirmation } from "./action-confirmation";
import { IDENTIFIER_PATTERN } from "./constants";
import { createMemoryConfirmationStore } from "./confirmation-store";
import {
  ActionConfirmationRecordSchema,
  type ConfirmableTool,
  type ConfirmationStore,
} from "./confirmation-types";

const START = 1_700_000_000_000;
const EmailInput = z.strictObject({ to: z.email(), subject: z.string().default("Hello") });

function setup(
  options: {
    execute?: (input: z.infer<typeof EmailInput>) => Promise<unknown>;
    store?: ConfirmationStore;
  } = {},
) {
  const clock = { now: START };
  const runs: unknown[] = [];
  let nextId = 0;
  const sendEmail: ConfirmableTool<z.infer<typeof EmailInput>> = {
    name: "send-email",
    executable: true,
    requiresConfirmation: true,
    input: EmailInput,
    async execute(input) {
      runs.push(input);
      return options.execute ? options.execute(input) : { delivered: true, to: input.to };
    },
  };
  const tools: ConfirmableTool[] = [
    sendEmail,
    { ...sendEmail, name: "describe-email", executable: false },
    { ...sendEmail, name: "draft-email", requiresConfirmation: false },
  ];
  const confirmation = createActionConfirmation({
    tools,
    store: options.store,
    now: () => clock.now,
    createId: () => `id${(nextId += 1)}`,
  });
  return { confirmation, clock, runs };
}

const action = { name: "send-email", input: { to: "ada@example.com" } };

async function proposeRecord(confirmation: ReturnType<typeof setup>["confirmation"]) {
  const proposed = await confirmation.propose({ sessionId: "session-a", action });
  if (!proposed.ok) throw new Error(proposed.diagnostic.code);
  return proposed.record;
}

describe("propose", () => {
  it("creates a pending handle with a frozen copy of the validated input", async () => {
    const { confirmation, runs } = setup();
    const input = { to: "ada@example.com" };
    const proposed = await confirmation.propose({
      sessionId: "session-a",
      action: { name: "send-email", input },
    });
    expect(proposed).toEqual({
      ok: true,
      record: {
        token: "confirm-id1",
        sessionId: "session-a",
        action: "send-email",
        input: { to: "ada@example.com", subject: "Hello" },
        toolCallId: "app-id2",
        createdAt: START,
        expiresAt: START + 300_000,
        status: "pending",
        settledAt: null,
        outcome: null,
      },
    });
    if (!proposed.ok) return;
    input.to = "mallory@example.com";
    expect(proposed.record.input).toEqual({ to: "ada@example.com", subject: "Hello" });
    expect(Object.isFrozen(proposed.record.input)).toBe(true);
    expect(JSON.parse(JSON.stringify(proposed.record))).toEqual(proposed.record);
    expect(runs).toEqual([]);
  });

  it.each([
    ["ACTION_UNREGISTERED", { name: "delete-everything", input: {} }],
    ["ACTION_UNREGISTERED", { name: "constructor", input: {} }],
    ["ACTION_NOT_EXECUTABLE", { name: "describe-email", input: { to: "ada@example.com" } }],
    ["ACTION_CONFIRMATION_REQUIRED", { name: "draft-email", input: { to: "ada@example.com" } }],
    ["ACTION_INVALID_INPUT", { name: "send-email", input: { to: "not an address" } }],
    [
      "ACTION_INVALID_INPUT",
      { name: "send-email", input: { to: "ada@example.com", bcc: "eve@example.com" } },
    ],
    ["ACTION_INVALID", { name: "send-email", input: { to: "ada@example.com" }, force: true }],
    ["ACTION_INVALID", { name: "send email", input: {} }],
    ["ACTION_INVALID", { name: "send-email", input: [] }],
  ])("refuses with %s", async (code, refused) => {
    const { confirmation } = setup();
    const result = await confirmation.propose({
      sessionId: "session-a",
      action: refused as typeof action,
    });
    expect(result).toMatchObject({ ok: false, diagnostic: { code, retryable: false } });
  });

  it("refuses a missing or oversized session id", async () => {
    const { confirmation } = setup();
    for (const sessionId of ["", "s".repeat(257)]) {
      const result = await confirmation.propose({ sessionId, action });
      expect(!result.ok && result.diagnostic.code).toBe("CONFIRMATION_INVALID_REQUEST");
    }
  });

  it("uses random suffixes by default", async () => {
    const confirmation = createActionConfirmation({
      tools: [
        {
          name: "send-email",
          executable: true,
          requiresConfirmation: true,
          input: EmailInput,
          execute: async () => null,
        },
      ],
    });
    const result = await confirmation.propose({ sessionId: "s", action });
    expect(result.ok && result.record.token).toMatch(/^confirm-[0-9a-f-]{36}$/);
    expect(result.ok && result.record.toolCallId).toMatch(/^app-[0-9a-f-]{36}$/);
  });
});

describe("approve and reject", () => {
  it("approves once: the tool runs with the snapshot and the result is stored", async () => {
    const { confirmation, runs, clock } = setup();
    const record = await proposeRecord(confirmation);
    clock.now = record.expiresAt - 1;
    const approved = await confirmation.approve(record.token, "session-a");
    expect(approved).toEqual({
      ok: true,
      changed: true,
      record: {
        ...record,
        status: "approved",
        settledAt: record.expiresAt - 1,
        outcome: { kind: "executed", result: { delivered: true, to: "ada@example.com" } },
      },
    });
    expect(runs).toEqual([{ to: "ada@example.com", subject: "Hello" }]);
    const again = await confirmation.approve(record.token, "session-a");
    expect(again).toEqual({ ok: true, changed: false, record: approved.ok && approved.record });
    expect(runs).toHaveLength(1);
  });

  it("expires at exactly expiresAt: the call is denied, the record becomes expired, the tool never runs", async () => {
    const { confirmation, runs, clock } = setup();
    const record = await proposeRecord(confirmation);
    clock.now = record.expiresAt;
    const denied = await confirmation.approve(record.token, "session-a");
    expect(denied).toEqual({
      ok: false,
      diagnostic: {
        code: "CONFIRMATION_EXPIRED",
        message: "confirmation expired",
        retryable: false,
      },
      record: {
        ...record,
        status: "expired",
        settledAt: record.expiresAt,
        outcome: { kind: "expired" },
      },
    });
    const later = await confirmation.approve(record.token, "session-a");
    expect(later).toMatchObject({ ok: true, changed: false, record: { status: "expired" } });
    expect(runs).toEqual([]);
  });

  it("denies a rejection of an expired handle too", async () => {
    const { confirmation, clock } = setup();
    const record = await proposeRecord(confirmation);
    clock.now = record.expiresAt + 10;
    const denied = await confirmation.reject(record.token, "session-a");
    expect(!denied.ok && denied.diagnostic.code).toBe("CONFIRMATION_EXPIRED");
  });

  it("refuses another session's token and an unknown token without changing anything", async () => {
    const { confirmation, runs } = setup();
    const record = await proposeRecord(confirmation);
    const notFound = {
      ok: false,
      diagnostic: {
        code: "CONFIRMATION_NOT_FOUND",
        message: "Confirmation was not found.",
        retryable: false,
      },
    };
    expect(await confirmation.approve(record.token, "session-b")).toEqual(notFound);
    expect(await confirmation.reject(record.token, "session-b")).toEqual(notFound);
    expect(await confirmation.approve("confirm-unknown", "session-a")).toEqual(notFound);
    expect(await confirmation.approve("not-a-token", "session-a")).toEqual(notFound);
    expect(await confirmation.approve(42 as unknown as string, "session-a")).toEqual(notFound);
    expect(runs).toEqual([]);
    expect(await confirmation.approve(record.token, "session-a")).toMatchObject({
      ok: true,
      record: { status: "approved" },
    });
  });

  it("keeps a rejection: approving afterwards is inert", async () => {
    const { confirmation, runs } = setup();
    const record = await proposeRecord(confirmation);
    const rejected = await confirmation.reject(record.token, "session-a", "Wrong recipient");
    expect(rejected).toMatchObject({
      ok: true,
      changed: true,
      record: { status: "rejected", outcome: { kind: "rejected", reason: "Wrong recipient" } },
    });
    const approve = await confirmation.approve(record.token, "session-a");
    expect(approve).toEqual({ ok: true, changed: false, record: rejected.ok && rejected.record });
    const rejectAgain = await confirmation.reject(record.token, "session-a", "changed my mind");
    expect(rejectAgain).toEqual({
      ok: true,
      changed: false,
      record: rejected.ok && rejected.record,
    });
    expect(runs).toEqual([]);
  });

  it("refuses an oversized rejection reason", async () => {
    const { confirmation } = setup();
    const record = await proposeRecord(confirmation);
    const result = await confirmation.reject(record.token, "session-a", "r".repeat(1_025));
    expect(!result.ok && result.diagnostic.code).toBe("CONFIRMATION_INVALID_REQUEST");
    expect(await confirmation.reject(record.token, "session-a")).toMatchObject({
      record: { outcome: { kind: "rejected", reason: null } },
    });
  });

  it("shares one operation between concurrent approvals in one process", async () => {
    let release: (value: unknown) => void = () => {};
    let markStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const gate = new Promise((resolve) => (release = resolve));
    const { confirmation, runs } = setup({ execute: () => (markStarted(), gate) });
    const record = await proposeRecord(confirmation);
    const calls = Array.from({ length: 10 }, () => confirmation.approve(record.token, "session-a"));
    await started;
    release({ sent: 1 });
    const results = await Promise.all(calls);
    expect(runs).toHaveLength(1);
    for (const result of results) {
      expect(result).toEqual({
        ok: true,
        changed: true,
        record: expect.objectContaining({
          status: "approved",
          outcome: { kind: "executed", result: { sent: 1 } },
        }),
      });
      expect(result).toEqual(results[0]);
    }
  });

  it("lets exactly one of several processes sharing a store run the tool", async () => {
    const store = createMemoryConfirmationStore();
    const first = setup({ store });
    const second = setup({ store });
    const record = await proposeRecord(first.confirmation);
    const results = await Promise.all([
      first.confirmation.approve(record.token, "session-a"),
      second.confirmation.approve(record.token, "session-a"),
      second.confirmation.reject(record.token, "session-a"),
      first.confirmation.approve(record.token, "session-a"),
    ]);
    expect(first.runs.length + second.runs.length).toBe(1);
    expect(results.filter((result) => result.ok && result.changed)).toHaveLength(2);
    expect(await store.find(record.token)).toMatchObject({ status: "approved" });
  });

  it("stores a failure outcome when the tool throws, without its message", async () => {
    const { confirmation, runs } = setup({
      execute: () => Promise.reject(new Error("SMTP password=hunter2")),
    });
    const record = await proposeRecord(confirmation);
    const result = await confirmation.approve(record.token, "session-a");
    expect(result).toMatchObject({
      ok: true,
      record: { status: "approved", outcome: { kind: "failed", code: "ACTION_EXECUTION_FAILED" } },
    });
    expect(JSON.stringify(result)).not.toContain("hunter2");
    expect(await confirmation.approve(record.token, "session-a")).toMatchObject({ changed: false });
    expect(runs).toHaveLength(1);
  });

  it("stores a failure outcome when the tool result is not JSON", async () => {
    const { confirmation } = setup({ execute: async () => ({ at: new Date(0) }) });
    const record = await proposeRecord(confirmation);
    expect(await confirmation.approve(record.token, "session-a")).toMatchObject({
      record: { outcome: { kind: "failed", code: "ACTION_RESULT_INVALID" } },
    });
  });
});

describe("ActionConfirmationRecordSchema", () => {
  it("parses every settled record back from its JSON, as a database read would", async () => {
    const { confirmation, clock } = setup();
    const approved = await confirmation.approve(
      (await proposeRecord(confirmation)).token,
      "session-a",
    );
    const rejected = await confirmation.reject(
      (await proposeRecord(confirmation)).token,
      "session-a",
      "no",
    );
    const pending = await proposeRecord(confirmation);
    clock.now = pending.expiresAt;
    const expired = await confirmation.approve(pending.token, "session-a");
    for (const result of [approved, rejected, expired]) {
      const row = JSON.parse(JSON.stringify(result.record));
      expect(ActionConfirmationRecordSchema.parse(row)).toEqual(result.record);
    }
    expect(ActionConfirmationRecordSchema.safeParse({ ...pending, status: "done" }).success).toBe(
      false,
    );
  });
});

describe("createActionConfirmation", () => {
  const tool = {
    name: "send-email",
    executable: true,
    requiresConfirmation: true,
    input: EmailInput,
    execute: async () => null,
  };

  it("throws for two tools with one name", () => {
    expect(() => createActionConfirmation({ tools: [tool, tool] })).toThrow(/registered twice/);
  });

  it.each([
    0,
    -1,
    1.5,
    Number.NaN,
    Infinity,
    Number.MAX_SAFE_INTEGER + 1,
    "300" as unknown as number,
  ])("refuses ttlMs %s: no handle may never expire", (ttlMs) => {
    expect(() => createActionConfirmation({ tools: [tool], ttlMs })).toThrow(
      expect.objectContaining({
        name: "ConfirmationConfigError",
        code: "CONFIRMATION_INVALID_TTL",
      }),
    );
  });

  it("accepts a positive safe integer ttlMs", async () => {
    const confirmation = createActionConfirmation({ tools: [tool], ttlMs: 1, now: () => START });
    const proposed = await confirmation.propose({ sessionId: "s", action });
    expect(proposed.ok && proposed.record.expiresAt).toBe(START + 1);
  });

  it("generates ids that always fit the 128-character identifier pattern, and refuses a suffix that would not", async () => {
    const store = createMemoryConfirmationStore();
    const longest = createActionConfirmation({
      tools: [tool],
      store,
      createId: () => "a".repeat(120),
    });
    const proposed = await longest.propose({ sessionId: "s", action });
    if (!proposed.ok) throw new Error(proposed.diagnostic.code);
    expect(proposed.record.token).toHaveLength(128);
    expect(
      [proposed.record.token, proposed.record.toolCallId].every((id) =>
        IDENTIFIER_PATTERN.test(id),
      ),
    ).toBe(true);
    expect(ActionConfirmationRecordSchema.safeParse(proposed.record).success).toBe(true);
    for (const suffix of ["a".repeat(121), "", "has space", "semi;colon"]) {
      const confirmation = createActionConfirmation({
        tools: [tool],
        store,
        createId: () => suffix,
      });
      await expect(confirmation.propose({ sessionId: "s", action })).rejects.toThrow(
        ConfirmationConfigError,
      );
      expect(await store.find(`confirm-${suffix}`)).toBeNull();
    }
  });
});

describe("a tool that throws", () => {
  it("is run and settled at most once, however many approvals race across processes", async () => {
    const store = createMemoryConfirmationStore();
    const failing = () => Promise.reject(new Error("boom"));
    const first = setup({ store, execute: failing });
    const second = setup({ store, execute: failing });
    const record = await proposeRecord(first.confirmation);
    const results = await Promise.all(
      [first, second, first, second].map(({ confirmation }) =>
        confirmation.approve(record.token, "session-a"),
      ),
    );
    expect(first.runs.length + second.runs.length).toBe(1);
    expect(results.filter((result) => result.ok && result.changed)).toHaveLength(2);
    expect(await store.find(record.token)).toMatchObject({
      status: "approved",
      outcome: { kind: "failed", code: "ACTION_EXECUTION_FAILED" },
    });
    expect(await second.confirmation.approve(record.token, "session-a")).toMatchObject({
      ok: true,
      changed: false,
    });
    expect(first.runs.length + second.runs.length).toBe(1);
  });

  it("is never retried when the process died while it ran: the handle stays approving", async () => {
    const shared = createMemoryConfirmationStore();
    let dies = true;
    // The store goes away with the process right after the tool ran: the settling write never lands.
    const dying: ConfirmationStore = {
      ...shared,
      async compareAndSwap(token, from, patch) {
        if (from === "approving" && dies) throw new Error("process died");
        return shared.compareAndSwap(token, from, patch);
      },
    };
    const crashed = setup({ store: dying, execute: () => Promise.reject(new Error("boom")) });
    const record = await proposeRecord(crashed.confirmation);
    await expect(crashed.confirmation.approve(record.token, "session-a")).rejects.toThrow(
      "process died",
    );
    dies = false;
    const later = setup({ store: shared });
    expect(await later.confirmation.approve(record.token, "session-a")).toMatchObject({
      ok: true,
      changed: false,
      record: { status: "approving", outcome: null },
    });
    expect(await crashed.confirmation.approve(record.token, "session-a")).toMatchObject({
      ok: true,
      changed: false,
      record: { status: "approving" },
    });
    expect(crashed.runs.length + later.runs.length).toBe(1);
  });
});

describe("edit", () => {
  const edited = { to: "grace@example.com", subject: "Hello" };

  /** A pending handle, the store's copy of every record, and a way to see that nothing moved. */
  async function editable() {
    const store = createMemoryConfirmationStore();
    const { confirmation, clock, runs } = setup({ store });
    const record = await proposeRecord(confirmation);
    return { store, confirmation, clock, runs, record };
  }

  it("approves the edited input under a new handle, and the old one is dead", async () => {
    const { store, confirmation, runs, record } = await editable();
    const result = await confirmation.edit(record.token, "session-a", edited);
    expect(result).toMatchObject({
      ok: true,
      changed: true,
      record: {
        status: "approved",
        input: edited,
        replaces: record.token,
        proposedInput: record.input,
        expiresAt: record.expiresAt,
        outcome: { kind: "executed", result: { delivered: true, to: "grace@example.com" } },
      },
    });
    if (!result.ok) return;
    expect(result.record.token).not.toBe(record.token);
    expect(result.record.toolCallId).not.toBe(record.toolCallId);
    expect(runs).toEqual([edited]);
    expect(await store.find(record.token)).toMatchObject({
      status: "replaced",
      input: record.input,
    });
    // The old handle settles nothing more.
    expect(await confirmation.approve(record.token, "session-a")).toMatchObject({
      ok: true,
      changed: false,
      record: { status: "replaced" },
    });
    expect(
      await confirmation.edit(record.token, "session-a", { to: "x@example.com" }),
    ).toMatchObject({
      ok: true,
      changed: false,
      record: { token: record.token, status: "replaced" },
    });
    expect(runs).toHaveLength(1);
    expect(ActionConfirmationRecordSchema.parse(JSON.parse(JSON.stringify(result.record)))).toEqual(
      result.record,
    );
  });

  it("keeps the agent's proposal through a second edit of the replacement", async () => {
    const store = createMemoryConfirmationStore();
    const { confirmation } = setup({ store });
    const record = await proposeRecord(confirmation);
    const replacement = {
      ...record,
      token: "confirm-by-hand",
      toolCallId: "app-by-hand",
      input: edited,
      replaces: record.token,
      proposedInput: record.input,
    };
    expect(await store.replace(record.token, replacement)).toBe(true);
    const again = await confirmation.edit(replacement.token, "session-a", {
      to: "alan@example.com",
    });
    expect(again).toMatchObject({
      ok: true,
      record: { replaces: replacement.token, proposedInput: record.input, status: "approved" },
    });
  });

  it("refuses an input the tool's schema refuses, or one that changes nothing, writing nothing", async () => {
    const { store, confirmation, runs, record } = await editable();
    for (const input of [
      { to: "not an address" },
      { to: "grace@example.com", cc: "alan@example.com" },
      { to: 42 },
      { subject: "No recipient" },
      "grace@example.com",
      null,
      { to: "ada@example.com", subject: "Hello" },
    ]) {
      const result = await confirmation.edit(record.token, "session-a", input);
      expect(result, JSON.stringify(input)).toMatchObject({
        ok: false,
        diagnostic: {
          code:
            input !== null && typeof input === "object" && input.to === "ada@example.com"
              ? "CONFIRMATION_INVALID_REQUEST"
              : expect.stringMatching(/^ACTION_INVALID/),
        },
      });
    }
    expect(await store.find(record.token)).toEqual(record);
    expect(runs).toEqual([]);
  });

  it("refuses another session's token and an unknown one", async () => {
    const { store, confirmation, record } = await editable();
    for (const [token, session] of [
      [record.token, "session-b"],
      [`${record.token}x`, "session-a"],
      ["id1", "session-a"],
    ] as const) {
      expect(await confirmation.edit(token, session, edited)).toMatchObject({
        ok: false,
        diagnostic: { code: "CONFIRMATION_NOT_FOUND" },
      });
    }
    expect(await store.find(record.token)).toEqual(record);
  });

  it("denies an edit at expiresAt: the handle expires and nothing replaces it", async () => {
    const { store, confirmation, clock, runs, record } = await editable();
    clock.now = record.expiresAt;
    expect(await confirmation.edit(record.token, "session-a", edited)).toMatchObject({
      ok: false,
      diagnostic: { code: "CONFIRMATION_EXPIRED" },
      record: { token: record.token, status: "expired" },
    });
    expect(await store.find(record.token)).toMatchObject({
      status: "expired",
      input: record.input,
    });
    expect(runs).toEqual([]);
  });

  it("lets exactly one of an edit and an approval racing across processes win", async () => {
    const store = createMemoryConfirmationStore();
    const first = setup({ store });
    const second = setup({ store });
    const record = await proposeRecord(first.confirmation);
    const [editing, approving] = await Promise.all([
      first.confirmation.edit(record.token, "session-a", edited),
      second.confirmation.approve(record.token, "session-a"),
    ]);
    const runs = [...first.runs, ...second.runs];
    expect(runs).toHaveLength(1);
    const old = await store.find(record.token);
    if (old?.status === "replaced") {
      expect(runs).toEqual([edited]);
      expect(approving).toMatchObject({ ok: true, changed: false });
      expect(editing).toMatchObject({ ok: true, changed: true, record: { status: "approved" } });
    } else {
      expect(old).toMatchObject({ status: "approved", input: record.input });
      expect(editing).toMatchObject({ ok: true, changed: false, record: { token: record.token } });
    }
  });
});
