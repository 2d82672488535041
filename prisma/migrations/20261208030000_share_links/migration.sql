-- A chat's public read-only link: the SHA-256 of its token, looked up by the unique index, and when it was issued.
ALTER TABLE "Chat" ADD COLUMN "shareTokenHash" TEXT, ADD COLUMN "sharedAt" TIMESTAMP(3);
CREATE UNIQUE INDEX "Chat_shareTokenHash_key" ON "Chat"("shareTokenHash");
