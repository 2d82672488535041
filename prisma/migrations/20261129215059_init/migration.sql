-- CreateEnum
CREATE TYPE "ItemRole" AS ENUM ('user', 'assistant');

-- CreateEnum
CREATE TYPE "ItemStatus" AS ENUM ('streaming', 'complete', 'interrupted', 'failed');

-- CreateEnum
CREATE TYPE "TurnStatus" AS ENUM ('running', 'finished', 'interrupted', 'failed');

-- CreateEnum
CREATE TYPE "ReadingState" AS ENUM ('fresh', 'failed', 'refused');

-- CreateEnum
CREATE TYPE "ConfirmationStatus" AS ENUM ('pending', 'approving', 'approved', 'rejecting', 'rejected', 'expiring', 'expired');

-- CreateTable
CREATE TABLE "Visitor" (
    "id" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Visitor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Chat" (
    "id" UUID NOT NULL,
    "visitorId" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "lastEventSeq" INTEGER NOT NULL DEFAULT 0,
    "lastPosition" INTEGER NOT NULL DEFAULT 0,
    "activeTurnId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Chat_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Item" (
    "id" UUID NOT NULL,
    "chatId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "role" "ItemRole" NOT NULL,
    "status" "ItemStatus" NOT NULL,
    "content" TEXT NOT NULL DEFAULT '',
    "parts" JSONB NOT NULL DEFAULT '[]',
    "blocks" JSONB,
    "origin" JSONB,
    "parentToolUseId" TEXT,
    "turnId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "Item_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Turn" (
    "id" UUID NOT NULL,
    "chatId" UUID NOT NULL,
    "status" "TurnStatus" NOT NULL DEFAULT 'running',
    "triggerItemId" UUID NOT NULL,
    "replyItemId" UUID,
    "leaseExpiresAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "Turn_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QueuedMessage" (
    "id" BIGSERIAL NOT NULL,
    "chatId" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "origin" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatchedAt" TIMESTAMP(3),
    "itemId" UUID,

    CONSTRAINT "QueuedMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChatEvent" (
    "chatId" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChatEvent_pkey" PRIMARY KEY ("chatId","seq")
);

-- CreateTable
CREATE TABLE "UiAnswer" (
    "id" UUID NOT NULL,
    "itemId" UUID NOT NULL,
    "blockId" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "choiceId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "values" JSONB NOT NULL,
    "sourceAt" TIMESTAMP(3) NOT NULL,
    "older" BOOLEAN NOT NULL,
    "queued" BOOLEAN NOT NULL,
    "turnId" UUID,
    "messageId" UUID,
    "queuedId" BIGINT,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UiAnswer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UiReading" (
    "id" UUID NOT NULL,
    "itemId" UUID NOT NULL,
    "blockId" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "query" TEXT NOT NULL,
    "argsKey" TEXT NOT NULL,
    "args" JSONB NOT NULL,
    "state" "ReadingState" NOT NULL,
    "value" JSONB,
    "reason" JSONB,
    "frozen" BOOLEAN NOT NULL DEFAULT false,
    "readAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UiReading_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FrameSelection" (
    "id" UUID NOT NULL,
    "itemId" UUID NOT NULL,
    "instanceId" TEXT NOT NULL,
    "choiceId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "event" JSONB NOT NULL,
    "queued" BOOLEAN NOT NULL,
    "messageId" UUID,
    "queuedId" BIGINT,
    "confirmationToken" TEXT,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FrameSelection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DeterministicGrant" (
    "id" UUID NOT NULL,
    "itemId" UUID NOT NULL,
    "instanceId" TEXT NOT NULL,
    "choiceId" TEXT NOT NULL,
    "alias" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "DeterministicGrant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActionConfirmation" (
    "token" TEXT NOT NULL,
    "visitorId" UUID NOT NULL,
    "chatId" UUID NOT NULL,
    "itemId" UUID NOT NULL,
    "instanceId" TEXT NOT NULL,
    "choiceId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "input" JSONB NOT NULL,
    "toolCallId" TEXT NOT NULL,
    "status" "ConfirmationStatus" NOT NULL DEFAULT 'pending',
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "outcome" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ActionConfirmation_pkey" PRIMARY KEY ("token")
);

-- CreateIndex
CREATE UNIQUE INDEX "Chat_activeTurnId_key" ON "Chat"("activeTurnId");

-- CreateIndex
CREATE INDEX "Chat_visitorId_updatedAt_idx" ON "Chat"("visitorId", "updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Item_chatId_position_key" ON "Item"("chatId", "position");

-- CreateIndex
CREATE INDEX "Turn_chatId_startedAt_idx" ON "Turn"("chatId", "startedAt");

-- CreateIndex
CREATE INDEX "Turn_status_leaseExpiresAt_idx" ON "Turn"("status", "leaseExpiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "QueuedMessage_itemId_key" ON "QueuedMessage"("itemId");

-- CreateIndex
CREATE INDEX "QueuedMessage_chatId_dispatchedAt_id_idx" ON "QueuedMessage"("chatId", "dispatchedAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "UiAnswer_itemId_blockId_key" ON "UiAnswer"("itemId", "blockId");

-- CreateIndex
CREATE INDEX "UiReading_itemId_blockId_query_argsKey_idx" ON "UiReading"("itemId", "blockId", "query", "argsKey");

-- CreateIndex
CREATE UNIQUE INDEX "FrameSelection_confirmationToken_key" ON "FrameSelection"("confirmationToken");

-- CreateIndex
CREATE UNIQUE INDEX "FrameSelection_itemId_instanceId_key" ON "FrameSelection"("itemId", "instanceId");

-- CreateIndex
CREATE UNIQUE INDEX "DeterministicGrant_itemId_instanceId_choiceId_key" ON "DeterministicGrant"("itemId", "instanceId", "choiceId");

-- CreateIndex
CREATE UNIQUE INDEX "ActionConfirmation_toolCallId_key" ON "ActionConfirmation"("toolCallId");

-- CreateIndex
CREATE INDEX "ActionConfirmation_chatId_idx" ON "ActionConfirmation"("chatId");

-- AddForeignKey
ALTER TABLE "Chat" ADD CONSTRAINT "Chat_visitorId_fkey" FOREIGN KEY ("visitorId") REFERENCES "Visitor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Item" ADD CONSTRAINT "Item_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "Chat"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Turn" ADD CONSTRAINT "Turn_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "Chat"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueuedMessage" ADD CONSTRAINT "QueuedMessage_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "Chat"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChatEvent" ADD CONSTRAINT "ChatEvent_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "Chat"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UiAnswer" ADD CONSTRAINT "UiAnswer_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UiReading" ADD CONSTRAINT "UiReading_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FrameSelection" ADD CONSTRAINT "FrameSelection_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeterministicGrant" ADD CONSTRAINT "DeterministicGrant_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActionConfirmation" ADD CONSTRAINT "ActionConfirmation_visitorId_fkey" FOREIGN KEY ("visitorId") REFERENCES "Visitor"("id") ON DELETE CASCADE ON UPDATE CASCADE;
