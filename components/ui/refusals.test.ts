import { describe, expect, it } from "vitest";
import { refusal } from "@/lib/chat/wire/client-api";
import { ERROR_CATALOG } from "@/lib/http/error-catalog";
import { refusalSentence } from "./refusals";

const refused = (code: string, message = "A message written for the log.", reason?: string) =>
  refusal({ code, message, status: 409, reason });

describe("refusal sentences", () => {
  it("words every code with the catalog's sentence, never with the server's message", async () => {
    expect(
      refusalSentence(await refused("chat-not-found"), "The reply could not be written again"),
    ).toBe("This chat no longer exists. Start a new chat from the list.");
    expect(refusalSentence(await refused("database-busy"), "The chat could not be renamed")).toBe(
      ERROR_CATALOG["database-busy"].sentence,
    );
    expect(refusalSentence(await refused("share-not-found"), "x")).toBe(
      ERROR_CATALOG["share-not-found"].sentence,
    );
  });

  it("words a reason apart where the catalog does", async () => {
    expect(refusalSentence(await refused("stale-ui-block", "m", "revision"), "x")).toBe(
      ERROR_CATALOG["stale-ui-block"].reasons.revision,
    );
    expect(refusalSentence(await refused("stale-ui-block", "m", "streaming"), "x")).toBe(
      ERROR_CATALOG["stale-ui-block"].sentence,
    );
  });

  it("says what did not happen when no refusal came, or one this page does not know", async () => {
    expect(refusalSentence(new TypeError("Failed to fetch"), "The message could not be sent")).toBe(
      "The message could not be sent. Check your connection and try again.",
    );
    expect(refusalSentence(await refused("something-new"), "The choice could not be sent")).toBe(
      "The choice could not be sent. Reload the page and try again.",
    );
  });

  it("keeps the waits the server words for people, which carry how long to wait", async () => {
    expect(
      refusalSentence(
        await refused(
          "rate-limited",
          "Too many requests: at most 60 every 60 s. Try again in 12 s.",
        ),
        "x",
      ),
    ).toBe("Too many requests: at most 60 every 60 s. Try again in 12 s.");
  });
});
