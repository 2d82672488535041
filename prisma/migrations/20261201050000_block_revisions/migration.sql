-- AlterTable
ALTER TABLE "Item" ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Turn" ADD COLUMN     "restartsItemId" UUID;

-- DropIndex
DROP INDEX "UiAnswer_itemId_blockId_key";

-- CreateIndex
CREATE UNIQUE INDEX "UiAnswer_itemId_blockId_revision_key" ON "UiAnswer"("itemId", "blockId", "revision");
