import { Writable } from 'node:stream';

/**
 * Readable logs for a developer's terminal: one line per request ("14:02:07 GET /v1/get/brand 200
 * 3 ms") and one per message, instead of pino's JSON. Production (NODE_ENV=production) and any
 * output that is not a terminal (files, log collectors) keep the JSON lines.
 */
export function wantsDevLog(env: NodeJS.ProcessEnv, isTTY: boolean | undefined): boolean {
  return isTTY === true && env.NODE_ENV !== 'production';
}

const levels: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const colours = { red: 31, green: 32, yellow: 33, grey: 90 } as const;

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
}

export interface DevLogOptions {
  colour: boolean;
  /** Where the readable lines go (the terminal). */
  write: (text: string) => void;
}

/** Turns pino's JSON lines into readable ones; a line that is not JSON passes unchanged. */
export function createDevLogFormatter({ colour, write }: DevLogOptions) {
  const paint = (code: number, text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  // Fastify logs a request when it arrives and again when answered; the second line names only its id.
  const pending = new Map<string, string>();
  const clock = (ms: number | undefined) => new Date(ms ?? Date.now()).toTimeString().slice(0, 8);

  function format(entry: LogLine): string | null {
    const time = paint(colours.grey, clock(entry.time));
    if (entry.reqId && entry.req && entry.msg === 'incoming request') {
      pending.set(entry.reqId, `${entry.req.method ?? ''} ${entry.req.url ?? ''}`);
      return null;
    }
    if (entry.reqId && entry.res && entry.msg === 'request completed') {
      const request = pending.get(entry.reqId) ?? entry.reqId;
      pending.delete(entry.reqId);
      const status = entry.res.statusCode ?? 0;
      const shade = status >= 500 ? colours.red : status >= 400 ? colours.yellow : colours.green;
      return `${time} ${request} ${paint(shade, String(status))} ${Math.round(entry.responseTime ?? 0)} ms`;
    }
    const level = levels[entry.level ?? 30] ?? 'INFO';
    const shade = (entry.level ?? 30) >= 50 ? colours.red : (entry.level ?? 30) >= 40 ? colours.yellow : colours.grey;
    const error = entry.err ? `\n${entry.err.stack ?? entry.err.message ?? ''}` : '';
    return `${time} ${paint(shade, level)} ${entry.msg ?? ''}${error}`;
  }

  return (line: string) => {
    if (line.trim() === '') return;
    let entry: LogLine;
    try {
      entry = JSON.parse(line) as LogLine;
    } catch {
      write(`${line}\n`);
      return;
    }
    const text = format(entry);
    if (text !== null) write(`${text}\n`);
  };
}

/** A stream for pino's `stream` option that prints readable lines to stdout. */
export function devLogStream(out: NodeJS.WriteStream = process.stdout): Writable {
  const formatLine = createDevLogFormatter({ colour: out.hasColors?.() ?? false, write: (text) => out.write(text) });
  let rest = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      lines.forEach(formatLine);
      done();
    },
  });
}
