"use client";

import { useState } from "react";
import { ConfirmationList } from "@/components/frames/confirmation-list";
import type { ItemView, McpAppPart } from "@/lib/chat/wire";
import { viewInstanceId } from "@/lib/chat/wire/mcp-app-tool";

/**
 * The actions a view's `tools/call` proposed, under the view, as a ChoiceList's proposed actions
 * are drawn under the list: each asks for approval, then says how it ended.
 */
export function McpAppConfirmations({
  part,
  item,
  chatId,
}: {
  part: McpAppPart;
  item: ItemView;
  chatId: string;
}) {
  const [replacedBy, setReplacedBy] = useState<string | null>(null);
  return (
    <div className="mt-2 space-y-2 empty:hidden">
      <ConfirmationList
        item={item}
        instanceId={viewInstanceId(part.toolCallId)}
        chatId={chatId}
        focused={replacedBy}
        onReplaced={setReplacedBy}
      />
    </div>
  );
}
