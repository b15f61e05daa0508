/**
 * `npm run offer:on-sale -- --brand aurora --variant ID --at WHEN [--server URL]`: sets when an item
 * variant (an evening) goes on sale. Before that time nobody can buy it; members who come in its
 * last 15 minutes wait in its sale queue and are let in in a random order at the on-sale time
 * (docs/checkout.md, "The sale queue"). WHEN is a date-time with its zone
 * (2026-12-01T19:00:00+01:00 or …Z), `+10m` from now (s, m, h, d), or `none` (on sale now, no
 * queue). Writes to DATABASE_URL, else the PGlite database in DATA_DIR; with `--server URL` (or
 * KLUBB_SERVER_URL) and OPERATOR_TOKEN, or while a server holds DATA_DIR, through that server.
 */
import { parseArgs } from 'node:util';
import { readConfig } from '../server/config.ts';
import { ApiError } from '../server/errors.ts';
import { parseOnSaleTime, setOnSaleTime } from '../server/commerce/onSaleTime.ts';
import { adminServer, callServerAdmin, databaseName, failedCommand, OperatorError, serverOption, withOperatorDatabase } from './serverAdmin.ts';

const usage = 'Usage: npm run offer:on-sale -- --brand BRAND --variant ITEM_VARIANT_ID --at 2026-12-01T19:00:00+01:00|+10m|none [--server URL]';

type Answer = Awaited<ReturnType<typeof setOnSaleTime>>;

async function main() {
  const { values } = parseArgs({ options: { brand: { type: 'string' }, variant: { type: 'string' }, at: { type: 'string' }, ...serverOption } });
  if (!values.brand || !values.variant || !values.at) throw new OperatorError(usage);
  const [brandId, itemVariantId, at] = [values.brand, values.variant, values.at];
  try {
    // Checked here first, so a typo is told before any server is asked.
    parseOnSaleTime(at, Date.now());
  } catch (error) {
    throw new OperatorError(error instanceof ApiError ? error.message : String(error));
  }
  const config = readConfig();
  const server = adminServer(config, values.server);
  let answer: Answer;
  let where: string;
  if (server) {
    answer = await callServerAdmin<Answer>(server, '/admin/offers/on-sale', { brandId, itemVariantId, at }, 'on-sale time');
    where = server.name;
  } else {
    try {
      answer = await withOperatorDatabase(config, (db) => setOnSaleTime(db, brandId, itemVariantId, parseOnSaleTime(at, Date.now())));
    } catch (error) {
      if (error instanceof ApiError) throw new OperatorError(error.message);
      throw error;
    }
    where = databaseName(config);
  }
  console.log(
    answer.onSaleAt
      ? `${answer.itemVariantId} (offer ${answer.offerId}) of ${brandId} goes on sale at ${answer.onSaleAt}; its queue opens 15 minutes before (${where}).`
      : `${answer.itemVariantId} (offer ${answer.offerId}) of ${brandId} is on sale now, with no queue (${where}).`,
  );
}

main().catch(failedCommand);
