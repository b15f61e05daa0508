-- A unique-code claim in one statement (one round trip, no lock held between round trips), kept
-- in a PL/pgSQL function so that each database connection parses and plans it once, not at every
-- claim (behind PgBouncer in transaction mode too, where named prepared statements do not work).
-- It checks the offer, locks a free code nobody else is taking (SKIP LOCKED), raises the member's
-- count in their claimant row only while it is under the cap (ON CONFLICT DO UPDATE sees the
-- locked row's current count, so concurrent claims of one member queue there), and hands the
-- locked code out only if the count was raised. The count and the code change together or not at
-- all. When no code was free to lock, nothing changed (saw_free_code is false).
-- The code is updated by the whole key of promo_code_free_idx: by the code alone the planner
-- reads every free code of the offer.
-- To change it, CREATE OR REPLACE it in a new migration.
CREATE OR REPLACE FUNCTION klubb_claim_free_code(p_brand_id text, p_offer_id text, p_user_id text, p_at timestamptz)
RETURNS TABLE (offer_found boolean, active boolean, claim_cap integer, saw_free_code boolean, unique_claimed integer, code text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    WITH offer_terms AS (
      SELECT o.active, p.claim_cap
      FROM offer o LEFT JOIN offer_promo p ON p.brand_id = o.brand_id AND p.offer_id = o.id
      WHERE o.brand_id = p_brand_id AND o.id = p_offer_id
    ),
    free AS (
      SELECT pc.code, pc.created_at FROM promo_code pc
      WHERE pc.brand_id = p_brand_id AND pc.offer_id = p_offer_id AND pc.claimed_by IS NULL
        AND (pc.expires_at IS NULL OR pc.expires_at > p_at)
        AND EXISTS (SELECT 1 FROM offer_terms t WHERE t.active AND t.claim_cap IS NOT NULL)
      ORDER BY pc.created_at, pc.code LIMIT 1 FOR UPDATE SKIP LOCKED
    ),
    counted AS (
      INSERT INTO promo_claimant AS c (brand_id, offer_id, user_id, unique_claimed)
      SELECT p_brand_id, p_offer_id, p_user_id, 1 FROM offer_terms t WHERE t.claim_cap >= 1 AND EXISTS (SELECT 1 FROM free)
      ON CONFLICT (brand_id, offer_id, user_id) DO UPDATE SET unique_claimed = c.unique_claimed + 1
        WHERE c.unique_claimed < (SELECT t.claim_cap FROM offer_terms t)
      RETURNING c.unique_claimed
    ),
    taken AS (
      UPDATE promo_code pc SET claimed_by = p_user_id, claimed_at = p_at
      WHERE pc.brand_id = p_brand_id AND pc.offer_id = p_offer_id AND pc.claimed_by IS NULL
        AND pc.created_at = (SELECT f.created_at FROM free f) AND pc.code = (SELECT f.code FROM free f)
        AND EXISTS (SELECT 1 FROM counted)
      RETURNING pc.code
    )
    SELECT
      EXISTS (SELECT 1 FROM offer_terms),
      (SELECT t.active FROM offer_terms t),
      (SELECT t.claim_cap FROM offer_terms t),
      EXISTS (SELECT 1 FROM free),
      (SELECT k.unique_claimed FROM counted k),
      (SELECT k.code FROM taken k);
END
$$;
