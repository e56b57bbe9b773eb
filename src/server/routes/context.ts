/** What route plugins share: the domain dependencies, the translator, per-request helpers. */
import type { PushNotifier } from '../domain/push/notifier';
import type { FastifyRequest } from 'fastify';
import { SUCCESS, type ApiResponse } from '../../shared/api/envelope';
import { isWritePath } from '../../shared/api/calls';
import { ErrorCode } from '../../shared/errors';
import { API_LANGS, localeOfApiLang, type ApiLang, type Locale } from '../../shared/locale';
import type { SessionCache } from '../domain/accounts/sessionCache';
import type { Authenticated, SessionClient } from '../domain/accounts/sessions';
import type { PublicReads } from '../domain/content/publicReads';
import type { Deps } from '../domain/deps';
import type { GameEngine } from '../domain/game/engine';
import type { LiveBus } from '../domain/live/bus';
import type { LiveHub } from '../domain/live/hub';
import type { Translator } from '../i18n';
import type { SmsSender } from '../sms';
import { cookieTokenOf } from './sessionCookie';

export interface RouteContext {
  deps: Deps & { smsSender: SmsSender };
  i18n: Translator;
  game: GameEngine;
  /** Sessions checked a moment ago, for routes flagged cachedAuth. */
  sessions: SessionCache;
  /** Public content reads (articles, banners, finance tiers, winners) through short caches. */
  reads: PublicReads;
  /** The live streams' fan-out (its health is part of /readyz). */
  live: LiveBus;
  /** The site is served over HTTPS: the session cookie is Secure (sessionCookie.ts). */
  https?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The round engine of this app (its scheduler is stopped when the app closes). */
    game: GameEngine;
    /** The live streams' bus of this app (closed when the app closes). */
    liveBus: LiveBus;
    /** The open live streams of this app. */
    liveHub: LiveHub;
    /** The members' notifications being sent (undefined when they are off). */
    pushNotifier: PushNotifier | undefined;
  }
  interface FastifyRequest {
    /** Set by the auth hook on private paths. */
    auth: Authenticated | null;
  }
  interface FastifyContextConfig {
    /** The envelope code a rate-limited request answers (2051 for sms_send, else 1004). */
    limitCode?: number;
    /** Refusals also carry their code as data.errCode (login, register, sms_send: SPEC.md section 7). */
    errCodeInData?: boolean;
    /** The auth hook may reuse a session checked within the last second (see SessionCache). */
    cachedAuth?: boolean;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request's `lang` as an API language; anything else means the default (vi). */
export function apiLangOf(request: FastifyRequest): ApiLang {
  const lang = isRecord(request.body) ? request.body.lang : undefined;
  return typeof lang === 'string' && (API_LANGS as readonly string[]).includes(lang) ? (lang as ApiLang) : 'vi';
}

export function localeOf(request: FastifyRequest): Locale {
  return localeOfApiLang(apiLangOf(request));
}

/** What a new session records of the device that opened it (domain/accounts/sessions.ts). */
export function clientOf(request: FastifyRequest): SessionClient {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent : '', ip: request.ip };
}

/** The session token: the body's (the contract's), else the session cookie's when it may carry this request. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const token = isRecord(request.body) ? request.body.token : undefined;
  return typeof token === 'string' ? token : cookieTokenOf(request);
}

export function envelope<T>(code: number, data: T, info: string): ApiResponse<T> {
  return { code, data, info };
}

const successTexts = new WeakMap<RouteContext, Map<Locale, string>>();

/** The localized 1039 text, formatted once per language (every order answers it). */
function successText(ctx: RouteContext, locale: Locale): string {
  let texts = successTexts.get(ctx);
  if (!texts) successTexts.set(ctx, (texts = new Map<Locale, string>()));
  let text = texts.get(locale);
  if (text === undefined) texts.set(locale, (text = ctx.i18n.text(locale, ErrorCode.OperationSuccessful)));
  return text;
}

/** A success: a read says 'ok', a write (as the call table names it) the localized 1039. */
export function success<T>(ctx: RouteContext, request: FastifyRequest, data: T): ApiResponse<T> {
  const info = isWritePath(request.routeOptions.url ?? '') ? successText(ctx, localeOf(request)) : 'ok';
  return envelope(SUCCESS, data, info);
}

export function requireAuth(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error('private route reached without the auth hook');
  return request.auth;
}
