-- AlterTable
ALTER TABLE "ActionConfirmation" ADD COLUMN     "settledAt" TIMESTAMP(3);
