-- A record's GS1 linkset itemDescription (optional; the linkset derives a default from the GTIN when absent).
ALTER TABLE "gs1_link" ADD COLUMN "item_description" TEXT;
