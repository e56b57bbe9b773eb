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
  /** Which address counts as the client's (clientAddress.ts, describeClientAddress). */
  clientAddress: string;
  /** How verification codes leave: the provider's host, the console, or not at all. */
  sms: { kind: 'http'; host: string } | { kind: 'console' } | { kind: 'none' };
}

function smsLine(sms: BannerFacts['sms']): string {
  if (sms.kind === 'http') return `SMS codes are sent by the provider at ${sms.host}.`;
  if (sms.kind === 'console') return 'SMS codes are printed on this console (ConsoleSmsSender).';
  return 'SMS: no provider configured (SMS_API_URL, SMS_API_KEY): registration and password resets by SMS are refused.';
}

export function startBanner(facts: BannerFacts): string[] {
  return [
    `App: http://localhost:${facts.port}/`,
    `Invitation code: ${facts.invitationCode ?? '(none active: npm run admin -- invite:create)'}`,
    ...(facts.demo
      ? [`Demo login: ${DEMO_MEMBER.username} / ${DEMO_MEMBER.password} (demo data: for trying the app only)`]
      : []),
    smsLine(facts.sms),
    `Database: ${facts.database}`,
    `Draw secret: ${facts.drawSecret} (back it up apart from the database)`,
    facts.clientAddress,
    facts.servesApp
      ? `Serving the built app from ${facts.distDir}`
      : `No built app in ${facts.distDir} (npm run build): API only`,
  ];
}
