import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/chat/wire/client-api";
import { refusalSentence } from "./refusals";

const refused = (code: string, message = "A message written for the log.") =>
  new ApiError(code, message, 409);

describe("refusal sentences", () => {
  it("words an action's own codes its way, never with the server's message", () => {
    const sentence = refusalSentence(
      refused("cannot-regenerate"),
      "The reply could not be written again",
      { "cannot-regenerate": "Send a new message instead." },
    );
    expect(sentence).toBe("Send a new message instead.");
  });

  it("words the codes any request meets the same everywhere, saying what to do next", () => {
    expect(refusalSentence(refused("chat-not-found"), "The reply could not be written again")).toBe(
      "This chat no longer exists. Start a new chat from the list.",
    );
    expect(refusalSentence(refused("database-busy"), "The chat could not be renamed")).toBe(
      "The chat could not be renamed: the server is busy. Try again in a moment.",
    );
    expect(refusalSentence(new TypeError("Failed to fetch"), "The message could not be sent")).toBe(
      "The message could not be sent. Check your connection and try again.",
    );
    expect(refusalSentence(refused("share-not-found"), "x")).toBe(
      "This link no longer works: its owner stopped sharing the chat, or shared it again with a new link.",
    );
    expect(refusalSentence(refused("something-new"), "The choice could not be sent")).toBe(
      "The choice could not be sent. Reload the page and try again.",
    );
  });

  it("keeps the waits the server words for people, which carry how long to wait", () => {
    expect(
      refusalSentence(
        refused("rate-limited", "Too many requests: at most 60 every 60 s. Try again in 12 s."),
        "x",
      ),
    ).toBe("Too many requests: at most 60 every 60 s. Try again in 12 s.");
  });
});
