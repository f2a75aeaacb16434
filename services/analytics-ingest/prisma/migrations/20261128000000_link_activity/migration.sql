-- The newest counted click (GET, bots included) of each link incarnation, written by the statement that stores its
-- facts, and published on link-activity.v1 by a periodic task (clicks/infra/link-activity-job.ts). `pending` marks a
-- time not published yet; it is cleared only once published with that very time, so a crash loses nothing.
-- Most updates only move last_click_at of a pending row (no indexed column changes): room on each page keeps them HOT.
CREATE TABLE link_activity (
  link_id       integer PRIMARY KEY,
  last_click_at timestamptz NOT NULL,
  pending       boolean NOT NULL
) WITH (fillfactor = 70);
CREATE INDEX link_activity_pending ON link_activity (link_id) WHERE pending;
