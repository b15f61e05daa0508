ALTER TABLE "checkout_session" ADD COLUMN "hold_again_at" timestamp with time zone;--> statement-breakpoint
-- A checkout's stock hold in one statement (issue 39): the availability check and the holds in one
-- short lock, no round trip to the server while it is held. Called on its own (autocommit), so the
-- variants' row locks last only as long as this function runs.
--  1. locks the session row and goes on only while it is still 'pending' (a member's next checkout
--     may have ended it meanwhile: then no row is answered);
--  2. locks the variants' rows in id order (FOR NO KEY UPDATE: every seller and holder of a variant
--     takes it, while inserts that only reference the variant are not blocked);
--  3. in a new statement, so with a snapshot taken after the locks were granted (READ COMMITTED
--     gives each statement of a function its own), computes each variant's availability for this
--     member as server/commerce/stock.ts does (stock − sold − live holds − waiting-list holds, less
--     one unit per member waiting in line, plus the units the waiting list offered this member) and
--     inserts one hold per line only when every line fits;
--  4. a place the waiting list offered this member is now held by this checkout instead.
-- Answers one row per line: its availability (before this hold) and whether the holds were made.
-- To change it, CREATE OR REPLACE it in a new migration.
CREATE OR REPLACE FUNCTION klubb_hold_checkout(
  p_brand_id text, p_checkout_id text, p_user_id text, p_expires_at timestamptz, p_at timestamptz,
  p_variant_ids text[], p_quantities integer[]
)
RETURNS TABLE (item_variant_id text, available integer, held boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_status text;
BEGIN
  SELECT cs.status INTO v_status FROM checkout_session cs
  WHERE cs.brand_id = p_brand_id AND cs.id = p_checkout_id FOR NO KEY UPDATE;
  IF v_status IS DISTINCT FROM 'pending' THEN
    RETURN;
  END IF;
  PERFORM 1 FROM item_variant iv
  WHERE iv.brand_id = p_brand_id AND iv.id = ANY (p_variant_ids) ORDER BY iv.id FOR NO KEY UPDATE;
  RETURN QUERY
    WITH wanted AS (
      SELECT w.id, w.quantity FROM unnest(p_variant_ids, p_quantities) AS w (id, quantity)
    ),
    availability AS (
      SELECT w.id, w.quantity,
        (GREATEST(0,
          GREATEST(0, iv.stock - COALESCE(s.sold, 0) - COALESCE(h.held, 0) - COALESCE(h.offered, 0)) - COALESCE(q.queued, 0)
        ) + COALESCE(h.own_offered, 0))::integer AS available
      FROM wanted w
      JOIN item_variant iv ON iv.brand_id = p_brand_id AND iv.id = w.id
      LEFT JOIN LATERAL (
        SELECT sum(ol.quantity) AS sold FROM order_line ol
        JOIN purchase_order o ON o.brand_id = ol.brand_id AND o.id = ol.order_id
        WHERE ol.brand_id = p_brand_id AND ol.item_variant_id = w.id AND o.status = 'paid'
      ) s ON true
      LEFT JOIN LATERAL (
        SELECT
          sum(sh.quantity) FILTER (WHERE sh.kind = 'checkout') AS held,
          sum(sh.quantity) FILTER (WHERE sh.kind = 'waiting_list') AS offered,
          sum(sh.quantity) FILTER (WHERE sh.kind = 'waiting_list' AND sh.user_id = p_user_id) AS own_offered
        FROM stock_hold sh
        WHERE sh.brand_id = p_brand_id AND sh.item_variant_id = w.id AND sh.expires_at > p_at
      ) h ON true
      LEFT JOIN LATERAL (
        SELECT count(*) AS queued FROM waiting_list_entry e
        WHERE e.brand_id = p_brand_id AND e.item_variant_id = w.id AND e.status = 'waiting'
      ) q ON true
    ),
    fits AS (
      SELECT count(*) = cardinality(p_variant_ids) AND bool_and(a.available >= a.quantity) AS ok FROM availability a
    ),
    inserted AS (
      INSERT INTO stock_hold (brand_id, item_variant_id, kind, checkout_session_id, user_id, quantity, expires_at)
      SELECT p_brand_id, a.id, 'checkout', p_checkout_id, p_user_id, a.quantity, p_expires_at
      FROM availability a WHERE (SELECT f.ok FROM fits f)
      RETURNING 1
    )
    SELECT a.id, a.available, EXISTS (SELECT 1 FROM inserted) FROM availability a;
  IF EXISTS (SELECT 1 FROM stock_hold sh WHERE sh.brand_id = p_brand_id AND sh.checkout_session_id = p_checkout_id) THEN
    WITH taken AS (
      UPDATE waiting_list_entry e SET checkout_session_id = p_checkout_id
      WHERE e.brand_id = p_brand_id AND e.user_id = p_user_id AND e.item_variant_id = ANY (p_variant_ids)
        AND e.status = 'offered' AND e.offered_until > p_at
      RETURNING e.item_variant_id
    )
    DELETE FROM stock_hold sh USING taken t
    WHERE sh.brand_id = p_brand_id AND sh.item_variant_id = t.item_variant_id AND sh.user_id = p_user_id AND sh.kind = 'waiting_list';
  END IF;
END
$$;
--> statement-breakpoint
-- Counts one request against every limit given, or against none when any allowance is used up
-- (server/repositories/rateLimits.repository.ts), in one round trip: the advisory locks (one per
-- bucket and key, in the order given, which the caller keeps fixed) are transaction-scoped, so
-- they stay held until the caller's transaction ends, as when they were taken one by one.
-- Answers allowed, or the index (1-based) of the first limit refused and when it frees up.
-- To change it, CREATE OR REPLACE it in a new migration.
CREATE OR REPLACE FUNCTION klubb_take_rate_limits(
  p_buckets text[], p_keys text[], p_maxes integer[], p_windows_ms bigint[], p_at timestamptz
)
RETURNS TABLE (allowed boolean, refused_index integer, retry_after_ms bigint)
LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  v_rows bigint;
  v_oldest timestamptz;
BEGIN
  FOR i IN 1 .. coalesce(cardinality(p_buckets), 0) LOOP
    PERFORM pg_advisory_xact_lock(4711002, hashtext(p_buckets[i] || ':' || p_keys[i]));
  END LOOP;
  FOR i IN 1 .. coalesce(cardinality(p_buckets), 0) LOOP
    SELECT count(*), min(e.at) INTO v_rows, v_oldest FROM rate_limit_event e
    WHERE e.bucket = p_buckets[i] AND e.key = p_keys[i] AND e.at > p_at - make_interval(secs => p_windows_ms[i] / 1000.0);
    IF v_rows >= p_maxes[i] THEN
      RETURN QUERY SELECT false, i,
        GREATEST(0, floor(extract(epoch FROM (coalesce(v_oldest, p_at) - p_at)) * 1000)::bigint + p_windows_ms[i]);
      RETURN;
    END IF;
  END LOOP;
  INSERT INTO rate_limit_event (bucket, key, at) SELECT b, k, p_at FROM unnest(p_buckets, p_keys) AS u (b, k);
  RETURN QUERY SELECT true, NULL::integer, NULL::bigint;
END
$$;
