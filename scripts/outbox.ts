/**
 * `npm run outbox [-- --to <address>] [--limit <n>]`: prints the newest mails of the outbox of the
 * configured database (DATABASE_URL, else the PGlite database in DATA_DIR). PGlite allows one
 * process per data directory, so while a server holds DATA_DIR the mails are read through its
 * /dev/outbox.json instead; the database is opened here only when no server holds it.
 */
import { parseArgs } from 'node:util';
import { readConfig, type Config } from '../server/config.ts';
import { readDataDirOwner, type DataDirOwner } from '../server/dataDirOwner.ts';
import { newestMails } from '../server/mail/outbox.ts';
import { databaseName, failedCommand, localServerOrigin, OperatorError, withOperatorDatabase } from './serverAdmin.ts';

interface PrintedMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  sentAt: string | null;
  attachments?: { filename: string; contentType: string }[];
}

function options() {
  const { values } = parseArgs({ options: { to: { type: 'string' }, limit: { type: 'string', default: '10' } } });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 50) throw new OperatorError('--limit must be a whole number from 1 to 50');
  return { to: values.to, limit };
}

async function throughServer(config: Config, owner: DataDirOwner, query: { to?: string; limit: number }): Promise<PrintedMail[]> {
  const url = new URL(`${localServerOrigin(config, owner.port)}/dev/outbox.json`);
  url.searchParams.set('limit', String(query.limit));
  if (query.to) url.searchParams.set('to', query.to);
  const held = `The server (process ${owner.pid}, port ${owner.port}) holds DATA_DIR ${config.dataDir}`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(5000) });
  } catch {
    throw new OperatorError(`${held} but does not answer at ${url.origin} yet (still starting?). Try again in a moment.`);
  }
  if (response.status === 404) {
    throw new OperatorError(
      `${held} and does not serve /dev/outbox (DEV_TOOLS is off). PGlite allows one process per data directory: ` +
        'stop the server to read the database here, or restart it with DEV_TOOLS=true.',
    );
  }
  if (!response.ok) throw new OperatorError(`${held}; its /dev/outbox.json answered ${response.status}.`);
  return ((await response.json()) as { mails: PrintedMail[] }).mails;
}

async function fromDatabase(config: Config, query: { to?: string; limit: number }): Promise<PrintedMail[]> {
  const rows = await withOperatorDatabase(config, (db) => newestMails(db, query));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    attachments: r.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
  }));
}

function print(mails: PrintedMail[], source: string) {
  console.log(`${mails.length} newest mail${mails.length === 1 ? '' : 's'} (${source}), newest first:\n`);
  for (const mail of mails) {
    const time = mail.createdAt.replace('T', ' ').slice(0, 19);
    console.log(`── ${time} UTC  to ${mail.to}${mail.sentAt ? '  (sent by SMTP)' : ''}`);
    console.log(`Subject: ${mail.subject}\n`);
    console.log(`${mail.text}\n`);
    for (const a of mail.attachments ?? []) console.log(`Attached: ${a.filename} (${a.contentType})`);
    if (mail.attachments?.length) console.log('');
  }
}

async function main() {
  const config = readConfig();
  const query = options();
  const owner = config.databaseUrl ? null : readDataDirOwner(config.dataDir);
  if (owner && owner.port === 0) throw new OperatorError(`Another tool (process ${owner.pid}) is reading DATA_DIR ${config.dataDir}; try again when it is done.`);
  if (owner) print(await throughServer(config, owner, query), `through the server on port ${owner.port}`);
  else print(await fromDatabase(config, query), databaseName(config));
}

main().catch(failedCommand);
