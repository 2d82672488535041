import type { Metadata } from "next";
import { chatPage, openChat } from "@/lib/api/chat-page";
import { ExampleChat } from "./example-chat";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

type Props = { params: Promise<{ chatId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await chatPage.find(params);
  return { title: found ? `${found.chat.title} · useChat` : "Not found" };
}

/** A chat of the app drawn by a stock `useChat` page (docs/integrate.md, "From an AI SDK app"). */
export default async function UseChatExamplePage({ params }: Props) {
  const chat = await openChat(params);
  return <ExampleChat initial={chat} />;
}
