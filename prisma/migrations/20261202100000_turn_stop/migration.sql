-- AlterEnum
ALTER TYPE "ItemStatus" ADD VALUE 'stopped';

-- AlterEnum
ALTER TYPE "TurnStatus" ADD VALUE 'stopped';

-- AlterTable
ALTER TABLE "Turn" ADD COLUMN     "stopRequestedAt" TIMESTAMP(3);
