/** The start banner. E2E tests and operators read these lines: keep the prefixes exactly. */
import { DEMO_MEMBER } from './seed';

export interface BannerFacts {
  port: number;
  invitationCode: string | null;
  /** Started with --demo: the demo member exists and may be shown. */
  demo: boolean;
  database: string;
  servesApp: boolean;
  distDir: string;
  /** Which address counts as the client's (clientAddress.ts, describeClientAddress). */
  clientAddress: string;
}

export function startBanner(facts: BannerFacts): string[] {
  return [
    `App: http://localhost:${facts.port}/`,
    `Invitation code: ${facts.invitationCode ?? '(none active: npm run admin -- invite:create)'}`,
    ...(facts.demo
      ? [`Demo login: ${DEMO_MEMBER.username} / ${DEMO_MEMBER.password} (demo data: for trying the app only)`]
      : []),
    'SMS codes are printed on this console (ConsoleSmsSender).',
    `Database: ${facts.database}`,
    facts.clientAddress,
    facts.servesApp
      ? `Serving the built app from ${facts.distDir}`
      : `No built app in ${facts.distDir} (npm run build): API only`,
  ];
}
