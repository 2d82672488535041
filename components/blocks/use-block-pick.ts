"use client";

import { useRef, useState } from "react";
import {
  uiInputValues,
  type UiBlock,
  type UiState,
  type UiValue,
  type UiViewNode,
} from "@/lib/intelligent-ui";
import { nodeText } from "./props";

export type UiChooseResult = { ok: true } | { ok: false; message: string };
export type UiChoose = (choice: {
  choiceId: string;
  values: Record<string, UiValue>;
}) => Promise<UiChooseResult>;

/** A pick on its way: the Choice's label, and whether the server has accepted it yet. */
export type Sending = { blockId: string; choiceId: string; label: string; sent: boolean };

const SEND_FAILED = "The choice could not be sent. Check your connection and pick again.";

type Pick = {
  block: UiBlock;
  state: UiState;
  answered: boolean;
  closed: boolean;
  onChoose: UiChoose | undefined;
};

/** A Choice clicked on a block: sent once, marked sending until the answer arrives, or refused in words. */
export function useBlockPick({ block, state, answered, closed, onChoose }: Pick) {
  const [sending, setSending] = useState<Sending | null>(null);
  const [refusal, setRefusal] = useState<{ blockId: string; message: string } | null>(null);
  // Two clicks within one frame both see the same render; the ref lets only the first through.
  const inFlight = useRef(false);
  // Once the answer is here it says what was sent; a pick still marked sending would contradict it.
  const pending = !answered && sending?.blockId === block.id ? sending : null;

  async function choose(node: UiViewNode) {
    if (onChoose === undefined || answered || pending !== null || closed || inFlight.current)
      return;
    inFlight.current = true;
    setSending({
      blockId: block.id,
      choiceId: node.id,
      label: nodeText(node) || "your choice",
      sent: false,
    });
    setRefusal(null);
    try {
      // The view id: inside an Each it names the one repetition the person clicked.
      const result = await onChoose({ choiceId: node.id, values: uiInputValues(block, state) });
      if (result.ok) {
        // Stays closed until the chat delivers the recorded answer.
        setSending((now) => (now?.choiceId === node.id ? { ...now, sent: true } : now));
      } else {
        setSending(null);
        setRefusal({ blockId: block.id, message: result.message });
      }
    } catch {
      setSending(null);
      setRefusal({ blockId: block.id, message: SEND_FAILED });
    } finally {
      inFlight.current = false;
    }
  }

  return { pending, refused: refusal?.blockId === block.id ? refusal.message : null, choose };
}
