import type { ComponentPart, ItemView } from "@/lib/chat/wire";

/** What every registered frame component receives. */
export type FrameProps = {
  part: ComponentPart;
  item: ItemView;
  chatId: string;
  /** A pick in this tab proposed an action: its confirmation takes the focus. */
  onProposed?: (token: string) => void;
};
