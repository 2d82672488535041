-- AlterEnum
ALTER TYPE "ReadingState" ADD VALUE 'pending';

-- AlterTable
ALTER TABLE "UiReading" ADD COLUMN     "chatId" UUID,
ADD COLUMN     "visitorId" UUID;

-- CreateIndex
CREATE INDEX "UiReading_chatId_visitorId_state_idx" ON "UiReading"("chatId", "visitorId", "state");
