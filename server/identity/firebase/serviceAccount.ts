import { readFileSync } from 'node:fs';

/** The fields of a Google service-account key that firebase-admin needs. */
export interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
}

export class ServiceAccountError extends Error {
  constructor(message: string) {
    super(`FIREBASE_SERVICE_ACCOUNT: ${message}`);
    this.name = 'ServiceAccountError';
  }
}

/** Reads the key from JSON text or a file path. Messages never quote the key's content. */
export function readServiceAccount(textOrPath: string): ServiceAccount {
  const trimmed = textOrPath.trim();
  const text = trimmed.startsWith('{') ? trimmed : readKeyFile(trimmed);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ServiceAccountError('not valid JSON (expected the service-account key file or its contents)');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new ServiceAccountError('not a JSON object');
  const fields = json as Record<string, unknown>;
  const problems: string[] = [];
  if (fields.type !== 'service_account') problems.push('"type" must be "service_account"');
  const stringField = (name: string) => (typeof fields[name] === 'string' && fields[name] !== '' ? (fields[name] as string) : null);
  const projectId = stringField('project_id');
  const clientEmail = stringField('client_email');
  const privateKey = stringField('private_key');
  if (!projectId) problems.push('"project_id" is missing');
  if (!clientEmail || !clientEmail.includes('@')) problems.push('"client_email" is missing or not an e-mail address');
  if (!privateKey || !privateKey.includes('-----BEGIN PRIVATE KEY-----')) problems.push('"private_key" is missing or not a PEM private key');
  if (problems.length > 0) throw new ServiceAccountError(`invalid service-account key: ${problems.join('; ')}`);
  return { projectId: projectId!, clientEmail: clientEmail!, privateKey: privateKey! };
}

function readKeyFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ServiceAccountError(`neither JSON nor a readable file path (${code} for ${path})`);
  }
}
