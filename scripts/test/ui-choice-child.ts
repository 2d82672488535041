// Makes one `chat.uiChoice` pick in a process of its own, so a test can kill it mid-transaction.
// Run with `node --conditions=react-server --import tsx scripts/test/ui-choice-child.ts '<request JSON>'`.
import { pickUiChoice, type UiChoiceRequest } from "@/lib/chat/answers/ui-choice";

const request = process.argv[2];
if (!request) throw new Error("usage: ui-choice-child.ts <request JSON>");
pickUiChoice(JSON.parse(request) as UiChoiceRequest).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
