import { listChatGrants, setChatGrant } from "@/lib/chat/readings/grants";
import * as operations from "@/lib/api/operations/answers";

export const dynamic = "force-dynamic";

/** The chat's source grants: what its live blocks may read, each in force until withdrawn. */
export const GET = operations.listGrants.serve(async ({ visitorId, params: { chatId } }) => ({
  status: 200,
  body: { grants: await listChatGrants({ visitorId, chatId }) },
}));

/** Withdraws (`granted: false`) or restores a source grant of the chat. */
export const POST = operations.setGrant.serve(async ({ visitorId, params: { chatId }, body }) => ({
  status: 200,
  body: { grants: await setChatGrant({ visitorId, chatId, ...body }) },
}));
