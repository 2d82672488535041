-- AlterTable: when each read began, so one query is paced by its starts.
ALTER TABLE "UiReading" ADD COLUMN "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateTable: the rights a final reply's first readings ran with, server-side only.
CREATE TABLE "ReplyReadRights" (
    "itemId" UUID NOT NULL,
    "revision" INTEGER NOT NULL,
    "rights" JSONB NOT NULL,

    CONSTRAINT "ReplyReadRights_pkey" PRIMARY KEY ("itemId","revision")
);

-- CreateTable: source grants withdrawn from a chat.
CREATE TABLE "RevokedGrant" (
    "chatId" UUID NOT NULL,
    "grant" TEXT NOT NULL,
    "revokedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RevokedGrant_pkey" PRIMARY KEY ("chatId","grant")
);

-- AddForeignKey
ALTER TABLE "ReplyReadRights" ADD CONSTRAINT "ReplyReadRights_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RevokedGrant" ADD CONSTRAINT "RevokedGrant_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "Chat"("id") ON DELETE CASCADE ON UPDATE CASCADE;
