-- CreateTable
CREATE TABLE "RequestWindow" (
    "visitorId" UUID NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "RequestWindow_pkey" PRIMARY KEY ("visitorId")
);

-- CreateIndex
CREATE INDEX "RequestWindow_windowStart_idx" ON "RequestWindow"("windowStart");
