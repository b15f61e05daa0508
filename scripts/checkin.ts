/**
 * `npm run checkin -- --offer ID [--brand BRAND] [--server URL]`: how many of an evening's tickets
 * have been checked in at the door, of how many were sold (paid, not cancelled or refunded), as
 * the door screen shows it (docs/door.md). Reads DATABASE_URL, else the PGlite database in
 * DATA_DIR; with `--server URL` (or KLUBB_SERVER_URL) and OPERATOR_TOKEN, or while a server holds
 * DATA_DIR, asks that server. An offer that is no ticketed evening exits 1.
 */
import { parseArgs } from 'node:util';
import type { DoorEvening } from '../contract/door.ts';
import { readConfig } from '../server/config.ts';
import { createDoorService } from '../server/door/doorService.ts';
import { adminServer, callServerAdmin, databaseName, failedCommand, OperatorError, serverOption, withOperatorDatabase } from './serverAdmin.ts';

const usage = 'Usage: npm run checkin -- --offer OFFER_ID [--brand BRAND] [--server URL]';

type Evening = DoorEvening & { brandId: string };

async function main() {
  const { values } = parseArgs({ options: { offer: { type: 'string' }, brand: { type: 'string' }, ...serverOption } });
  if (!values.offer) throw new OperatorError(usage);
  const [offerId, brandId] = [values.offer, values.brand];
  const config = readConfig();
  const server = adminServer(config, values.server);
  let evening: Evening;
  let where: string;
  if (server) {
    evening = await callServerAdmin<Evening>(server, '/admin/door/evening', { offerId, brandId }, 'check-in count');
    where = server.name;
  } else {
    const answer = await withOperatorDatabase(config, (db) => createDoorService({ db }).operatorEvening(offerId, brandId));
    if (!answer.ok && answer.refusal === 'ambiguous') throw new OperatorError(`The offer ${offerId} is an evening of ${answer.brandIds.join(' and ')}: name the brand with --brand.`);
    if (!answer.ok) throw new OperatorError(`No ticketed evening ${offerId}${brandId ? ` of ${brandId}` : ''} (${databaseName(config)}).`);
    evening = answer.value;
    where = databaseName(config);
  }
  console.log(
    [
      `${evening.title} (offer ${evening.offerId} of ${evening.brandId}, starts ${evening.startsAt}):`,
      `  admitted ${evening.admitted} / sold ${evening.sold}`,
      `  (${where})`,
    ].join('\n'),
  );
}

main().catch(failedCommand);
