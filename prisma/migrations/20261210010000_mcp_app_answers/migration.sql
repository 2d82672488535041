-- An MCP App view's answer, once per view (decision 034), and its latest model context.
CREATE TABLE "McpAppAnswer" (
    "id" UUID NOT NULL,
    "itemId" UUID NOT NULL,
    "toolCallId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "queued" BOOLEAN NOT NULL,
    "turnId" UUID,
    "messageId" UUID,
    "queuedId" BIGINT,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "McpAppAnswer_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "McpAppAnswer_itemId_toolCallId_key" ON "McpAppAnswer"("itemId", "toolCallId");

ALTER TABLE "McpAppAnswer" ADD CONSTRAINT "McpAppAnswer_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "McpAppContext" (
    "itemId" UUID NOT NULL,
    "toolCallId" TEXT NOT NULL,
    "toolName" TEXT NOT NULL,
    "content" JSONB,
    "structuredContent" JSONB,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "McpAppContext_pkey" PRIMARY KEY ("itemId","toolCallId")
);

ALTER TABLE "McpAppContext" ADD CONSTRAINT "McpAppContext_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE CASCADE ON UPDATE CASCADE;
