-- AlterTable
ALTER TABLE "ActionConfirmation" ADD COLUMN     "claimedAt" TIMESTAMP(3);

-- Claims taken before the column existed count from now, so they heal one lease later.
UPDATE "ActionConfirmation" SET "claimedAt" = CURRENT_TIMESTAMP WHERE "status"::text IN ('approving', 'rejecting', 'expiring');
