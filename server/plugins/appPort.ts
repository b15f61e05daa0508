import type { FastifyInstance } from 'fastify';
import { listeningPort } from '../mail/appPort.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's port on local development hosts, for links in mail (server/mail/appPort.ts). */
    appPort(): number;
  }
}

export function registerAppPort(app: FastifyInstance, configured: number | undefined) {
  app.decorate('appPort', () => configured ?? listeningPort(app));
}
