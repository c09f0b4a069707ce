-- A sale cancelled after GST's time limit for correcting its invoice (30 November after its financial year, or the
-- day that year's annual return was furnished if earlier) is cancelled in the books only: its tax stands as issued and
-- the month's GST summary reverses none of it. Decided when the sale is cancelled. Sales cancelled before this
-- migration keep the reversal they were counted with.
ALTER TABLE `sales` ADD `cancelled_after_gst_time_limit` integer DEFAULT false NOT NULL;