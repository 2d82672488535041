import Link from "next/link";

/** A page of a chat that is no longer there for this reader: what happened, and a way on. */
function ChatGone({ title, text, action }: { title: string; text: string; action: string }) {
  return (
    <div className="flex h-full items-center justify-center px-4">
      <div role="status" className="max-w-sm space-y-3 text-center">
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="text-zinc-600 dark:text-zinc-400">{text}</p>
        <Link
          href="/"
          className="inline-block rounded-md bg-indigo-600 px-4 py-2 font-medium text-white"
        >
          {action}
        </Link>
      </div>
    </div>
  );
}

/** What a page of a chat shows once the chat is deleted, here or in another tab. */
export function ChatDeleted() {
  return (
    <ChatGone
      title="This chat was deleted"
      text="Its messages and answers are gone. Your other chats are in the list."
      action="Start a new chat"
    />
  );
}

/** What a share link's page shows once the link stops working: unshared, shared anew, or the chat deleted. */
export function ShareEnded() {
  return (
    <ChatGone
      title="This link no longer works"
      text="Its owner stopped sharing the chat, or shared it again with a new link. Ask them for the new one."
      action="Start a chat of your own"
    />
  );
}
