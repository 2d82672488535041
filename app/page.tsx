import Link from "next/link";
import { agentDescription, starterPrompts } from "@/lib/agent";
import { listChats } from "@/lib/chat/chats";
import { HOST_ROUTE_PROMPTS } from "@/lib/chat/host-routes";
import { currentVisitor } from "@/lib/http/visitor";
import { NewChatForm } from "@/components/home/new-chat-form";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const visitorId = await currentVisitor();
  const chats = visitorId ? await listChats({ visitorId }) : [];
  return (
    <div className="space-y-8">
      <section aria-labelledby="new-chat" className="space-y-3">
        <h1 id="new-chat" className="text-2xl font-semibold tracking-tight">
          Start a chat
        </h1>
        <p className="text-zinc-600 dark:text-zinc-400">
          The agent answers with prose and interactive replies. Pick a starter or write your own message.
        </p>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{agentDescription()}</p>
        <NewChatForm starters={[...starterPrompts(), ...HOST_ROUTE_PROMPTS]} />
      </section>
      <section aria-labelledby="your-chats" className="space-y-3">
        <h2 id="your-chats" className="text-lg font-semibold">
          Your chats
        </h2>
        {chats.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-400">No chats yet.</p>
        ) : (
          <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {chats.map((chat) => (
              <li key={chat.id}>
                <Link href={`/chats/${chat.id}`} className="flex items-center justify-between gap-4 px-4 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-900">
                  <span className="truncate">{chat.title}</span>
                  <span className="shrink-0 text-sm text-zinc-500 dark:text-zinc-400">
                    {chat.activeTurnId ? "replying…" : <time dateTime={chat.updatedAt.toISOString()}>{chat.updatedAt.toISOString().slice(0, 16).replace("T", " ")}</time>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
