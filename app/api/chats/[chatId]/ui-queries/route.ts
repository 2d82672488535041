import { readUiQuery } from "@/lib/chat/answers/ui-query";
import * as operations from "@/lib/api/operations/answers";

export const dynamic = "force-dynamic";

/** `ui.query`: a reading of one of a live block's queries, issued by the server, counted (decision 016). */
export const POST = operations.readUiQuery.serve(
  async ({ visitorId, params: { chatId }, body }) => ({
    status: 200,
    body: { reading: await readUiQuery({ chatId, visitorId, ...body }) },
  }),
);
