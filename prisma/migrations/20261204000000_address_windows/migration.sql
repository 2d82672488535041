-- CreateTable
CREATE TABLE "AddressWindow" (
    "address" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "AddressWindow_pkey" PRIMARY KEY ("address")
);

-- CreateIndex
CREATE INDEX "AddressWindow_windowStart_idx" ON "AddressWindow"("windowStart");
