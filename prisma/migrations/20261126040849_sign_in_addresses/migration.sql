-- CreateTable
CREATE TABLE "SignInAddress" (
    "userId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "lastSignInAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SignInAddress_pkey" PRIMARY KEY ("userId","address")
);

-- AddForeignKey
ALTER TABLE "SignInAddress" ADD CONSTRAINT "SignInAddress_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
