import { agentDescription, agentStatus, starterPrompts } from "@/lib/agent";
import { HOST_ROUTE_PROMPTS } from "@/lib/chat/turns/host-routes";
import { NewChatForm } from "@/components/home/new-chat-form";
import { RecentChats } from "@/components/home/recent-chats";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  // The first page of a process waits for the provider's answer about the model (seconds at most).
  const agent = await agentStatus();
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-8 sm:py-12">
        <section aria-labelledby="new-chat" className="space-y-4">
          <h1 id="new-chat" className="text-2xl font-semibold tracking-tight">
            Start a chat
          </h1>
          <p className="text-zinc-600 dark:text-zinc-400">
            The agent answers with prose and interactive replies: blocks you can set and answer,
            lists you pick from, actions you confirm. Pick a starter or write your own message.
          </p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{agentDescription(agent)}</p>
          <NewChatForm starters={[...starterPrompts(agent), ...HOST_ROUTE_PROMPTS]} />
        </section>
        <section aria-labelledby="your-chats" className="space-y-3">
          <h2 id="your-chats" className="text-lg font-semibold">
            Recent chats
          </h2>
          <RecentChats />
        </section>
      </div>
    </div>
  );
}
