-- DropIndex
DROP INDEX "FrameSelection_itemId_instanceId_key";

-- AlterTable
ALTER TABLE "FrameSelection" ADD COLUMN     "attempt" INTEGER NOT NULL DEFAULT 1;

-- CreateIndex
CREATE UNIQUE INDEX "FrameSelection_itemId_instanceId_attempt_key" ON "FrameSelection"("itemId", "instanceId", "attempt");
