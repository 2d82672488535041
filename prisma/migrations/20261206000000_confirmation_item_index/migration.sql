-- CreateIndex: an item's confirmations, oldest first, as every item view reads them.
CREATE INDEX "ActionConfirmation_itemId_createdAt_idx" ON "ActionConfirmation"("itemId", "createdAt");
