-- Earlier versions of a reply, kept when Regenerate or Retry writes it again (decision 021).
CREATE TABLE "ItemVersion" (
    "itemId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "revision" INTEGER NOT NULL,
    "status" "ItemStatus" NOT NULL,
    "content" TEXT NOT NULL,
    "parts" JSONB NOT NULL,
    "blocks" JSONB,
    "links" JSONB,
    "completedAt" TIMESTAMP(3),
    "replacedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ItemVersion_pkey" PRIMARY KEY ("itemId","version")
);

ALTER TABLE "ItemVersion" ADD CONSTRAINT "ItemVersion_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE CASCADE ON UPDATE CASCADE;
