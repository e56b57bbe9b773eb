/** The start banner. E2E tests and operators read these lines: keep the prefixes exactly. */
import { DEMO_MEMBER } from './seed';

export interface BannerFacts {
  port: number;
  invitationCode: string | null;
  /** Started with --demo: the demo member exists and may be shown. */
  demo: boolean;
  database: string;
  /** Where the draw secret comes from: its file, or DRAW_SECRET. */
  drawSecret: string;
  servesApp: boolean;
  distDir: string;
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
    `Draw secret: ${facts.drawSecret} (back it up apart from the database)`,
    facts.servesApp
      ? `Serving the built app from ${facts.distDir}`
      : `No built app in ${facts.distDir} (npm run build): API only`,
  ];
}
