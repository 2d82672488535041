-- AlterTable
ALTER TABLE "ChatEvent" ADD COLUMN     "contentTail" TEXT;

-- AlterTable
ALTER TABLE "Item" ADD COLUMN     "snapshotSeq" INTEGER;

-- AlterTable
ALTER TABLE "Turn" ADD COLUMN     "replyFromSeq" INTEGER NOT NULL DEFAULT 0;
