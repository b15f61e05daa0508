/**
 * `npm run checkin -- --offer ID | --evening EVENING_ID [--brand BRAND] [--server URL]`: how many
 * of an evening's tickets have been checked in at the door, of how many were sold (paid, not
 * cancelled or refunded), as the door screen shows it (docs/door.md): one line per evening of the
 * offer (each night or city is its own evening), or the one evening named. Reads DATABASE_URL,
 * else the PGlite database in DATA_DIR; with `--server URL` (or KLUBB_SERVER_URL) and
 * OPERATOR_TOKEN, or while a server holds DATA_DIR, asks that server. An id that is no ticketed
 * evening exits 1.
 */
import { parseArgs } from 'node:util';
import type { DoorEvening } from '../contract/door.ts';
import { readConfig } from '../server/config.ts';
import { createDoorService } from '../server/door/doorService.ts';
import { adminServer, callServerAdmin, databaseName, failedCommand, OperatorError, serverOption, withOperatorDatabase } from './serverAdmin.ts';

const usage = 'Usage: npm run checkin -- --offer OFFER_ID | --evening EVENING_ID [--brand BRAND] [--server URL]';

type Evening = DoorEvening & { brandId: string };

async function main() {
  const { values } = parseArgs({ options: { offer: { type: 'string' }, evening: { type: 'string' }, brand: { type: 'string' }, ...serverOption } });
  if (!values.offer === !values.evening) throw new OperatorError(usage);
  const named = values.offer ? { offerId: values.offer } : { eveningId: values.evening! };
  const id = values.offer ?? values.evening!;
  const what = values.offer ? `The offer ${id}` : `The evening ${id}`;
  const brandId = values.brand;
  const config = readConfig();
  const server = adminServer(config, values.server);
  let evenings: Evening[];
  let where: string;
  if (server) {
    evenings = (await callServerAdmin<{ evenings: Evening[] }>(server, '/admin/door/evening', { ...named, brandId }, 'check-in count')).evenings;
    where = server.name;
  } else {
    const answer = await withOperatorDatabase(config, (db) => createDoorService({ db }).operatorEvenings(named, brandId));
    if (!answer.ok && answer.refusal === 'ambiguous') throw new OperatorError(`${what} is an evening of ${answer.brandIds.join(' and ')}: name the brand with --brand.`);
    if (!answer.ok) throw new OperatorError(`No ticketed evening ${id}${brandId ? ` of ${brandId}` : ''} (${databaseName(config)}).`);
    evenings = answer.value;
    where = databaseName(config);
  }
  const lines = evenings.map(
    (e) => `${e.title} (evening ${e.eveningId}, offer ${e.offerId} of ${e.brandId}, starts ${e.startsAt}${e.city ? `, ${e.city}` : ''}): admitted ${e.admitted} / sold ${e.sold}`,
  );
  console.log([...lines, `  (${where})`].join('\n'));
}

main().catch(failedCommand);
