/** Operator commands and API calls the end-to-end tests use to set the stage, and a member's session. */
import { join } from 'node:path';
import { inject } from 'vitest';
import SQLite from '../../../src/server/db/sqliteDriver';
import { NEW_ACCOUNT_HOLD_HOURS } from '../../../src/shared/constants';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminOn } from '../../support/serverProcess';
import { phoneContext } from './browser';
import { SESSION_COOKIE } from '../../../src/server/routes/sessionCookie';
import { ownerOf } from '../../../src/client/api/owner';

/** `npm run admin -- …` against the e2e server's database with `stdin` piped in; returns what it printed. */
function adminWithInput(stdin: string, args: string[]): string {
  return adminOn(inject('dataDir'), args, stdin);
}

/** Runs `npm run admin -- …` against the e2e server's database; returns what it printed. */
export function admin(...args: string[]): string {
  return adminWithInput('', args);
}

/** One call of the contract; throws unless it answers code 1. */
export async function api<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lang: 'en', ...body }),
  });
  const envelope = (await response.json()) as { code: number; data: T; info: string };
  if (envelope.code !== 1) throw new Error(`${path}: ${envelope.code} ${envelope.info}`);
  return envelope.data;
}

export interface Member {
  username: string;
  password: string;
}

let made = 0;
/** A fresh member credited by the operator, so no other test's balances move. */
export function newMember(prefix: string, creditUsd: string): Member {
  made += 1;
  const username = `${prefix}${Date.now().toString().slice(-6)}${made}x`;
  const password = 'play1234';
  // The password is the first line of standard input, never an argument (README, Operator command line).
  adminWithInput(`${password}\n`, ['member:create', username]);
  admin('credit', username, creditUsd, '--ref', `e2e ${prefix}`);
  return { username, password };
}

/**
 * Dates a member's withdrawal accounts back past the 24-hour wait of a new account, in the e2e
 * server's database (as other tests move clocks): a journey that adds an account withdraws at once.
 */
export function ageAccounts(username: string): void {
  const db = new SQLite(join(inject('dataDir'), 'app.sqlite'));
  try {
    // The server writes meanwhile: wait for its commits rather than fail.
    db.pragma('busy_timeout = 10000');
    db.prepare(
      'UPDATE bank_cards SET created_at = created_at - ? WHERE member_id = (SELECT id FROM members WHERE username = ?)',
    ).run((NEW_ACCOUNT_HOLD_HOURS * 60 + 1) * 60_000, username);
  } finally {
    db.close();
  }
}

/**
 * Opens the member's home signed in, the session made through the API: a journey that is not about
 * the login form does not wait on one (a login checks a deliberately slow password hash, and on a
 * loaded machine that check outlasts the app's 6-second request timeout of SPEC.md section 7).
 * The login form itself is walked in accounts.e2e.ts and forms.e2e.ts.
 */
export async function logIn(page: Page, member: Member): Promise<void> {
  const { token } = await api<{ token: string }>('/api/Index/login', {
    username: member.username,
    password: member.password,
  });
  await holdSessionCookie(page.context(), token);
  // The app's key of the member lives in the app's origin: open it first when the page is still blank.
  if (!page.url().startsWith(inject('baseUrl'))) await page.goto('/login');
  await page.evaluate((member) => {
    localStorage.setItem('member', member);
    localStorage.setItem('isLogin', '1');
  }, ownerOf(token));
  await page.goto('/user');
}

/** The session cookie a login sets, given to a browser context (the app never holds the token itself). */
export async function holdSessionCookie(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([
    { name: SESSION_COOKIE, value: token, url: inject('baseUrl'), httpOnly: true, sameSite: 'Strict' },
  ]);
}

/**
 * A context signed in as the member of `token` from its first page: the session cookie, and the
 * app's key of the member (and a language) written before the app starts, unless a page set them.
 */
export async function signedInContext(context: BrowserContext, token: string, lang: string): Promise<void> {
  await holdSessionCookie(context, token);
  await context.addInitScript(
    ({ member, language }) => {
      if (localStorage.getItem('member')) return;
      localStorage.setItem('lang', language);
      localStorage.setItem('member', member);
      localStorage.setItem('isLogin', '1');
    },
    { member: ownerOf(token), language: lang },
  );
}

/** The session token a context's cookie holds (a test calling the API as that member). */
export async function sessionTokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((each) => each.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return cookie.value;
}

/** A phone context whose first language is English (the app's default is Vietnamese). */
export async function englishContext(browser: Browser): Promise<BrowserContext> {
  const context = await phoneContext(browser, inject('baseUrl'));
  await context.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
  });
  return context;
}
