-- The host links of a final reply's blocks, resolved when it became final: block id → node id → link.
ALTER TABLE "Item" ADD COLUMN "links" JSONB;
