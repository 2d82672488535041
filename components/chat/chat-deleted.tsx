import Link from "next/link";

/** What a page of a chat shows once the chat is deleted, here or in another tab. */
export function ChatDeleted() {
  return (
    <div className="flex h-full items-center justify-center px-4">
      <div role="status" className="max-w-sm space-y-3 text-center">
        <h1 className="text-xl font-semibold">This chat was deleted</h1>
        <p className="text-zinc-600 dark:text-zinc-400">Its messages and answers are gone. Your other chats are in the list.</p>
        <Link href="/" className="inline-block rounded-md bg-indigo-600 px-4 py-2 font-medium text-white">
          Start a new chat
        </Link>
      </div>
    </div>
  );
}
