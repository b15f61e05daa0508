import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * The port of the app on local development hosts (localhost, *.localhost, loopback), for the
 * brand origins links in mail are made of (server/mail/mail.ts, hostOrigin): APP_PORT as the
 * server registered it (server/plugins/appPort.ts), else the port this server listens on. Never
 * from a request's Host or X-Forwarded-Host. Here, not in the plugin, so that the embedded
 * identity provider's reset mails use it too.
 */
export function appPortOf(app: FastifyInstance): number {
  const registered = (app as FastifyInstance & { appPort?: () => number }).appPort;
  return typeof registered === 'function' ? registered.call(app) : listeningPort(app);
}

/** Port of links to local hosts when the server does not listen (tests that inject requests). */
export const defaultAppPort = 8080;

export function listeningPort(app: FastifyInstance): number {
  const address = app.server.address();
  return address !== null && typeof address === 'object' ? (address as AddressInfo).port : defaultAppPort;
}
