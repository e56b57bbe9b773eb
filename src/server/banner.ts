/** The start banner. E2E tests and operators read these lines: keep the prefixes exactly. */
import { DEMO_MEMBER } from './seed';

export interface BannerFacts {
  port: number;
  invitationCode: string | null;
  database: string;
  servesApp: boolean;
  distDir: string;
}

export function startBanner(facts: BannerFacts): string[] {
  return [
    `App: http://localhost:${facts.port}/`,
    `Invitation code: ${facts.invitationCode ?? '(none active: npm run admin -- invite:create)'}`,
    `Demo login: ${DEMO_MEMBER.username} / ${DEMO_MEMBER.password}`,
    'SMS codes are printed on this console (ConsoleSmsSender).',
    `Database: ${facts.database}`,
    facts.servesApp
      ? `Serving the built app from ${facts.distDir}`
      : `No built app in ${facts.distDir} (npm run build): API only`,
  ];
}
