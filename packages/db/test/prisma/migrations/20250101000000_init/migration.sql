-- CreateTable
CREATE TABLE "widget" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "widget_pkey" PRIMARY KEY ("id")
);

-- outbox and processed_events: OUTBOX_DDL of @waymark/db, applied by runMigrations before the migrations.
