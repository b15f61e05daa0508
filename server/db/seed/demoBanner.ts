import { demoBrands } from './brands.ts';
import { DEMO_PASSWORD, demoUsers, type DemoUser } from './users.ts';

/** What a demo account is for, in the words of the design's demo table. */
function purpose(user: DemoUser, brandName: string): string {
  if (!user.role) return `exists in ${brandName}'s identity tenant without a role: sign-in shows the no-role message`;
  return user.completedOnboarding ? `${brandName} member, onboarding completed` : `${brandName} member, onboarding not completed (lands in set-up)`;
}

/**
 * What `npm start` prints once a server with the demo data listens: where each demo brand is
 * (on this port, by host name) and who can sign in, so a first start ends with somewhere to go.
 */
export function demoBanner(port: number): string {
  const urlOf = (host: string) => `http://${host}:${port}`;
  const width = Math.max(...demoBrands.map((brand) => brand.name.length));
  const emailWidth = Math.max(...demoUsers.map((user) => user.email.length));
  const nameOf = (brandId: string) => demoBrands.find((brand) => brand.id === brandId)?.name ?? brandId;
  return [
    'Demo brands:',
    ...demoBrands.map((brand) => {
      // Host names only: 127.0.0.1 is there for tools, not for a person to open.
      const urls = brand.appHosts.filter((host) => !/^[\d.]+$/.test(host)).map(urlOf);
      return `  ${brand.name.padEnd(width)}  ${urls.join('  ')}`;
    }),
    `Demo users (password ${DEMO_PASSWORD} for all):`,
    ...demoUsers.map((user) => `  ${user.email.padEnd(emailWidth)}  ${purpose(user, nameOf(user.brandId))}`),
  ].join('\n');
}
