import { selectFrameChoice } from "@/lib/chat/answers/selections";
import { apiRoute, startsTurn } from "@/lib/api/route";
import { chatParamsSchema, selectionBodySchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** A person picked a choice of a component frame. */
export const POST = apiRoute({ visitor: true, params: chatParamsSchema, body: selectionBodySchema, changesState: "counted", heal: "chat" }, startsTurn(selectFrameChoice));
