-- Secret rotation: the secret a rotation replaced stays valid (sealed like the current one) until its overlap ends.
ALTER TABLE "channel" ADD COLUMN "previous_secret_ciphertext" TEXT;
ALTER TABLE "channel" ADD COLUMN "previous_secret_expires_at" TIMESTAMPTZ(6);
-- Test sends are deliveries like any other, marked so the log and the receiver can tell them apart.
ALTER TABLE "delivery" ADD COLUMN "test" BOOLEAN NOT NULL DEFAULT false;
