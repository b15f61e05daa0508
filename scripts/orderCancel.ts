/**
 * `npm run order:cancel -- --brand aurora [--server URL] ORDER_ID`: the operator cancels an order.
 * A running server does it, never the command on the database (the server holds the payment
 * provider that refunds): the order becomes cancelled, its tickets void, the whole amount is
 * refunded, the member is mailed, and the freed tickets go to the waiting list in order.
 * Cancelling again changes nothing. The server is `--server URL` (or KLUBB_SERVER_URL) with
 * OPERATOR_TOKEN, or the one holding the embedded DATA_DIR.
 */
import { parseArgs } from 'node:util';
import { readConfig } from '../server/config.ts';
import type { CancelledOrder } from '../server/commerce/cancellation.ts';
import { adminServer, callServerAdmin, failedCommand, OperatorError, serverOption } from './serverAdmin.ts';

const usage = 'Usage: npm run order:cancel -- --brand BRAND [--server URL] ORDER_ID';

type Answer = Omit<CancelledOrder, 'order'> & { orderId: string; status: string; amount: number; currency: string };

async function main() {
  const { values, positionals } = parseArgs({ options: { brand: { type: 'string' }, ...serverOption }, allowPositionals: true });
  if (!values.brand || positionals.length !== 1) throw new OperatorError(usage);
  const config = readConfig();
  const server = adminServer(config, values.server);
  if (!server) {
    const how = config.databaseUrl
      ? 'give one of its instances with --server https://… (or KLUBB_SERVER_URL) and the operator token (OPERATOR_TOKEN or OPERATOR_TOKEN_FILE)'
      : `start it with npm start on DATA_DIR ${config.dataDir}`;
    throw new OperatorError(`Orders are cancelled through a running server, not on the database (the server refunds through the payment provider): ${how}.`);
  }
  const answer = await callServerAdmin<Answer>(server, '/admin/orders/cancel', { brandId: values.brand, orderId: positionals[0] }, 'cancellation');
  const amount = new Intl.NumberFormat('en-GB', { style: 'currency', currency: answer.currency }).format(answer.amount / 100);
  console.log(
    answer.cancelledNow
      ? `Order ${answer.orderId} of ${values.brand} is cancelled; ${amount} ${answer.refunded ? 'refunded' : 'to refund (the provider did not answer; the server retries)'}; ${answer.offered} freed ticket${answer.offered === 1 ? '' : 's'} offered to the waiting list.`
      : `Order ${answer.orderId} of ${values.brand} was already cancelled; nothing changed.`,
  );
}

main().catch(failedCommand);
