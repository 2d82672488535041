import type { Metadata } from "next";
import { starterPrompts, agentStatus } from "@/lib/agent";
import { NewChatForm } from "@/components/home/new-chat-form";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "A useChat page" };

/** Starts a chat that the AI SDK example page draws: the same chat, the same routes, another page. */
export default async function UseChatExampleStart() {
  const agent = await agentStatus();
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8 sm:py-12">
        <h1 className="text-2xl font-semibold tracking-tight">A useChat page</h1>
        <p className="text-zinc-600 dark:text-zinc-400">
          This page is written as the AI SDK&apos;s own documentation writes a chat:{" "}
          <code>useChat</code> from <code>@ai-sdk/react</code> with Answerable&apos;s transport, and
          the app&apos;s block and frame renderers for the data parts. Its chats are the app&apos;s
          chats: every answer goes through the same routes and shows on both pages.
        </p>
        <NewChatForm starters={starterPrompts(agent)} chatPath="/examples/use-chat" />
      </div>
    </div>
  );
}
