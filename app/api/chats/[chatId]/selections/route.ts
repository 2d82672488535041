import { selectFrameChoice } from "@/lib/chat/answers/selections";
import { startsTurn } from "@/lib/api/route";
import * as operations from "@/lib/api/operations/answers";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** A person picked a choice of a component frame. */
export const POST = operations.selectFrameChoice.serve(startsTurn(selectFrameChoice));
