-- The W3C traceparent of the click event a delivery was scheduled for, so each attempt's span joins the click's trace.
ALTER TABLE "delivery" ADD COLUMN "trace_parent" TEXT;
