import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The port of the app on local development hosts (localhost, *.localhost, loopback), for the
     * brand origins links in mail are made of (server/mail/mail.ts, hostOrigin): APP_PORT, else the
     * port this server listens on. Never from a request's Host or X-Forwarded-Host.
     */
    appPort(): number;
  }
}

/** Port of links to local hosts when the server does not listen (tests that inject requests). */
export const defaultAppPort = 8080;

function listeningPort(app: FastifyInstance): number {
  const address = app.server.address();
  return address !== null && typeof address === 'object' ? (address as AddressInfo).port : defaultAppPort;
}

export function registerAppPort(app: FastifyInstance, configured: number | undefined) {
  app.decorate('appPort', () => configured ?? listeningPort(app));
}

/** The app port of the server a route runs on (its listening port where none was registered: the identity routes alone). */
export function appPortOf(app: FastifyInstance): number {
  return app.hasDecorator('appPort') ? app.appPort() : listeningPort(app);
}
