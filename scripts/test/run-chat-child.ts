// Runs one chat's turns in a process of its own, so a test can kill it mid-reply like a crash.
// Run with `node --conditions=react-server --import tsx scripts/test/run-chat-child.ts <chatId>`.
import { runChat } from "@/lib/chat/turns/run";

const chatId = process.argv[2];
if (!chatId) throw new Error("usage: run-chat-child.ts <chatId>");
runChat(chatId).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
