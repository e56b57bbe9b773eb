/** Accounts: the app config, SMS captcha, register, login, passwords and the member's profile. */
import { z } from '../zod';
import { usd, whole, type Calls, NoFieldsSchema, NoDataSchema } from './fields';
import { ApiPath } from './paths';
import { SessionPushSchema } from './push';

// Bounds keep absurd inputs away from scrypt; real values are far shorter.
const text = (max: number) => z.string().max(max);
/** Required: missing, empty or blank is refused with the field's code (fieldCodes.ts). */
const filled = (max: number) => text(max).refine((value) => value.trim() !== '');

export const AppVersionEntrySchema = z.object({
  version: z.string(),
  url: z.string(),
});

export const AppConfigSchema = z.object({
  siteName: z.string(),
  /** External customer-service page (tab bar, quick menu, /ServicePage). */
  serviceUrl: z.string(),
  /**
   * Addition: the operator's instructions for adding money (method, hours, limits, what to quote),
   * plain text shown as written on the recharge page; '' when none are set.
   */
  depositInstructions: z.string(),
  /** 1 = registration open, 2 = registration blocked (SPEC.md section 4). */
  agreement: z.literal([1, 2]),
  defaultQuhao: z.string(),
  /** Public websocket of the price feed. */
  priceFeedUrl: z.string(),
  /** Version page entries. */
  versions: z.object({ android: AppVersionEntrySchema, ios: AppVersionEntrySchema }),
  /** Server clock at answer time, epoch ms, so the app can correct its countdowns. */
  serverTime: whole,
});

export const LoginRequestSchema = z.object({
  quhao: text(8).optional(),
  username: filled(64),
  password: filled(128),
});

export const TokenAnswerSchema = z.object({ token: z.string() });

export const RegisterRequestSchema = z.object({
  quhao: text(8).optional(),
  username: filled(64),
  phone: filled(32),
  captcha: filled(16),
  password: filled(128),
  spassword: filled(128),
  invitation: filled(64),
  /** Withdrawal password, optional at registration. */
  payPwd: text(128).optional(),
});

export const SmsSendRequestSchema = z
  .object({
    quhao: text(8).optional(),
    /** Needed for register and reset; a paypwd code goes to the member's registered number instead. */
    mobile: text(32).optional(),
    /**
     * Addition: what the code is for. Default register; a reset code goes only to a member's number;
     * paypwd (with the member's token) confirms who sets the first withdrawal password.
     */
    purpose: z.enum(['register', 'reset', 'paypwd']).optional(),
  })
  .refine((body) => body.purpose === 'paypwd' || (body.mobile ?? '').trim() !== '', { path: ['mobile'] });

/** Addition: a forgotten login password, reset with a code sent to the member's phone. */
export const ResetPasswordRequestSchema = z.object({
  quhao: text(8).optional(),
  mobile: filled(32),
  captcha: filled(16),
  password: filled(128),
  repassword: filled(128),
});

/** Seconds until another code may be sent. */
export const SmsSendAnswerSchema = z.object({ lockSeconds: whole });

/** Ending the member's other sessions asks for the login password: a session alone (a stolen token) cannot log its owner out. */
export const EndOtherSessionsRequestSchema = z.object({
  password: filled(128),
});

export const ChangeLoginPasswordRequestSchema = z.object({
  /** Current password. */
  passwd: filled(128),
  /** New password. */
  npasswd: filled(128),
});

export const ChangePayPasswordRequestSchema = z.object({
  /** Current withdrawal password; ignored while none is set (noPassword2 = 1). */
  srcpwd: text(128).optional(),
  /**
   * Addition: the first withdrawal password (noPassword2 = 1) is set only by who knows the login
   * password, or holds the phone: `loginpwd`, or `captcha`, a code sent by sms_send with purpose paypwd.
   */
  loginpwd: text(128).optional(),
  captcha: text(16).optional(),
  newpwd: filled(128),
  newpwd2: filled(128),
});

export const UserInfoSchema = z.object({
  /** Account name. */
  name: z.string(),
  nickname: z.string(),
  level: whole,
  money: usd,
  /** Total win (settled awards minus stakes), may be negative. */
  totalWin: usd,
  /** 1 = no withdrawal password set yet. */
  noPassword2: z.literal([0, 1]),
  lang: z.string(),
});

/** Addition: one of the member's live sessions, as the security page lists them. */
export const SessionItemSchema = z.object({
  /** The browser and the system the User-Agent at login named ('' for one we do not know). */
  browser: z.string(),
  os: z.string(),
  /** The address it was last used from, cut to its network (203.0.113.*; '' when unknown). */
  place: z.string(),
  /** Epoch ms: the login, and the last recorded use (recorded at most once an hour). */
  createdAt: whole,
  lastUsedAt: whole,
  /** The session that asked: this device. */
  current: z.boolean(),
  /** Addition: the notifications this session's device asked for; null for none. */
  push: SessionPushSchema.nullable(),
});

/** The calls whose schemas live here (contract.ts joins every part; the app loads a part when it first needs it). */
export const accountCalls = {
  [ApiPath.getConfig]: { request: NoFieldsSchema, data: AppConfigSchema },
  [ApiPath.login]: { request: LoginRequestSchema, data: TokenAnswerSchema },
  [ApiPath.register]: { request: RegisterRequestSchema, data: TokenAnswerSchema },
  [ApiPath.smsSend]: { request: SmsSendRequestSchema, data: SmsSendAnswerSchema },
  [ApiPath.resetPassword]: { request: ResetPasswordRequestSchema, data: NoDataSchema },
  [ApiPath.changeLoginPassword]: { request: ChangeLoginPasswordRequestSchema, data: NoDataSchema },
  [ApiPath.changePayPassword]: { request: ChangePayPasswordRequestSchema, data: NoDataSchema },
  [ApiPath.logout]: { request: NoFieldsSchema, data: NoDataSchema },
  [ApiPath.userInfo]: { request: NoFieldsSchema, data: UserInfoSchema },
  [ApiPath.sessions]: { request: NoFieldsSchema, data: z.array(SessionItemSchema) },
  [ApiPath.endOtherSessions]: { request: EndOtherSessionsRequestSchema, data: NoDataSchema },
} as const satisfies Calls;
