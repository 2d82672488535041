import "server-only";
import { createHash } from "node:crypto";
import type {
  ChatEvent,
  ChatView,
  ConfirmationView,
  EarlierItems,
  ItemView,
  Origin,
} from "../wire";

// What a share link's viewer is sent: the chat as its owner sees it, but for the confirmation
// handles (capabilities to approve an action), each replaced by a stand-in that cannot be reversed.

/** The same stand-in in a view and in every later event, so the page's keys still meet. */
function standIn(token: string): string {
  return `shared-${createHash("sha256").update(token).digest("base64url").slice(0, 22)}`;
}

function confirmation(view: ConfirmationView): ConfirmationView {
  return { ...view, token: standIn(view.token) };
}

function origin(view: Origin | null): Origin | null {
  return view?.kind === "confirmation" ? { ...view, token: standIn(view.token) } : view;
}

function item(view: ItemView): ItemView {
  return {
    ...view,
    origin: origin(view.origin),
    selections: Object.fromEntries(
      Object.entries(view.selections).map(([key, selection]) => [
        key,
        {
          ...selection,
          confirmationToken: selection.confirmationToken && standIn(selection.confirmationToken),
        },
      ]),
    ),
    confirmations: Object.fromEntries(
      Object.values(view.confirmations).map((entry) => [standIn(entry.token), confirmation(entry)]),
    ),
  };
}

/** Named by the link's token, never the chat's id. */
export function sharedView(view: ChatView, token: string): ChatView {
  return { ...view, id: token, items: view.items.map(item) };
}

export function sharedEarlier(page: EarlierItems): EarlierItems {
  return { ...page, items: page.items.map(item) };
}

/** An event as a viewer receives it; null for `chat.shared`, which ends the viewer's link instead. */
export function sharedEvent(event: ChatEvent): ChatEvent | null {
  switch (event.type) {
    case "chat.shared":
      return null;
    case "item.created":
    case "item.restarted":
    case "item.completed":
      return { ...event, item: item(event.item) };
    case "selection.recorded":
      return {
        ...event,
        selection: {
          ...event.selection,
          confirmationToken:
            event.selection.confirmationToken && standIn(event.selection.confirmationToken),
        },
      };
    case "confirmation.updated":
      return { ...event, confirmation: confirmation(event.confirmation) };
    default:
      return event;
  }
}
