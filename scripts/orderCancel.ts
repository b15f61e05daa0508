/**
 * `npm run order:cancel -- --brand aurora ORDER_ID`: the operator cancels an order. The running
 * server does it (it holds the payment provider that refunds): the order becomes cancelled, its
 * tickets void, the whole amount is refunded, the member is mailed, and the freed tickets go to
 * the waiting list in order. Cancelling again changes nothing.
 */
import { parseArgs } from 'node:util';
import { readConfig } from '../server/config.ts';
import { readDataDirOwner } from '../server/dataDirOwner.ts';
import type { CancelledOrder } from '../server/commerce/cancellation.ts';
import { callServerAdmin, OperatorError } from './serverAdmin.ts';

const usage = 'Usage: npm run order:cancel -- --brand BRAND ORDER_ID';

type Answer = Omit<CancelledOrder, 'order'> & { orderId: string; status: string; amount: number; currency: string };

async function main() {
  const { values, positionals } = parseArgs({ options: { brand: { type: 'string' } }, allowPositionals: true });
  if (!values.brand || positionals.length !== 1) throw new OperatorError(usage);
  const config = readConfig();
  const owner = config.databaseUrl ? null : readDataDirOwner(config.dataDir);
  if (!owner || owner.port === 0) {
    throw new OperatorError(`Orders are cancelled through the running server (it refunds through the payment provider): start it with npm start on DATA_DIR ${config.dataDir}.`);
  }
  const answer = await callServerAdmin<Answer>(config, owner, '/admin/orders/cancel', { brandId: values.brand, orderId: positionals[0] }, 'cancellation');
  const amount = new Intl.NumberFormat('en-GB', { style: 'currency', currency: answer.currency }).format(answer.amount / 100);
  console.log(
    answer.cancelledNow
      ? `Order ${answer.orderId} of ${values.brand} is cancelled; ${amount} ${answer.refunded ? 'refunded' : 'to refund (the provider did not answer; the server retries)'}; ${answer.offered} freed ticket${answer.offered === 1 ? '' : 's'} offered to the waiting list.`
      : `Order ${answer.orderId} of ${values.brand} was already cancelled; nothing changed.`,
  );
}

main().catch((error: unknown) => {
  const known = error instanceof OperatorError || (error instanceof Error && ['ConfigError'].includes(error.constructor.name));
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
