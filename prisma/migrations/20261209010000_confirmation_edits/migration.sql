-- A person may edit a proposed action before approving it: the edited input gets a new handle,
-- which names the handle it replaced (at most one, by the unique index) and keeps the agent's
-- proposal, and the old handle is `replaced` (dead).
ALTER TYPE "ConfirmationStatus" ADD VALUE 'replaced';
ALTER TABLE "ActionConfirmation" ADD COLUMN "replaces" TEXT, ADD COLUMN "proposedInput" JSONB;
CREATE UNIQUE INDEX "ActionConfirmation_replaces_key" ON "ActionConfirmation"("replaces");
