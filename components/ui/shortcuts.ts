// The app's keyboard shortcuts, read from a keydown. Which element had focus decides whether a key
// is the app's or the field's: "?" typed into a field is text, Escape in a dialog closes it.

export type Shortcut = "new-chat" | "focus-composer" | "stop" | "help";

type Keys = Pick<
  KeyboardEvent,
  | "key"
  | "code"
  | "ctrlKey"
  | "metaKey"
  | "shiftKey"
  | "altKey"
  | "defaultPrevented"
  | "isComposing"
>;

/** What a key press asks of the app, or null when it is not one of its shortcuts. */
export function shortcutOf(event: Keys, target: EventTarget | null): Shortcut | null {
  if (event.defaultPrevented || event.isComposing || event.altKey) return null;
  const command = event.ctrlKey || event.metaKey;
  // By code: with Shift held, `key` is "O" or "o" depending on the layout and Caps Lock.
  if (command && event.shiftKey && event.code === "KeyO") return "new-chat";
  if (command) return null;
  if (event.key === "Escape")
    return event.shiftKey ? "focus-composer" : escapeIsFree(target) ? "stop" : null;
  if (event.key === "?" && !isTypingIn(target)) return "help";
  return null;
}

// The fields a person writes to the agent in: a chat's composer, the home page's first message.
export const COMPOSER_SELECTOR = "#composer, #first-message";

const NOT_TYPED = new Set([
  "button",
  "checkbox",
  "color",
  "file",
  "image",
  "radio",
  "range",
  "reset",
  "submit",
]);

/** Whether keys pressed in `target` are text being typed. */
function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  return target instanceof HTMLInputElement && !NOT_TYPED.has(target.type);
}

/**
 * Escape belongs to a dialog (it closes it) and to fields that may use it (a rename cancels);
 * the composer uses it for nothing, so there it stops the reply.
 */
function escapeIsFree(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return true;
  if (target.closest("dialog, [role=dialog], [role=alertdialog]")) return false;
  return !isTypingIn(target) || target.matches(COMPOSER_SELECTOR);
}
