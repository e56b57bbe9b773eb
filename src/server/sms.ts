/**
 * Sending verification codes. The server talks to an SmsSender chosen at start (main.ts, from
 * SMS_SENDER / SMS_API_URL in config.ts):
 * - HttpSmsSender posts each text to the operator's SMS provider;
 * - ConsoleSmsSender prints the code on the console: only for `npm run demo` or when asked for
 *   (SMS_SENDER=console, as the tests do), since whoever reads the logs could reset any password;
 * - NoSmsSender, a production start without a provider: no code is made, registration and
 *   password resets by SMS are refused (3009), and the start banner says so.
 */
import type { Locale } from '../shared/locale';

export interface SmsMessage {
  quhao: string;
  mobile: string;
  code: string;
  /** The member's language, for the text around the code. */
  locale: Locale;
}

export interface SmsSender {
  /** False when nothing can be sent: codes are refused before any is made. */
  readonly available: boolean;
  /** Resolves once the message was handed over; rejects with SmsNotSent when it was not. */
  send(message: SmsMessage): Promise<void>;
}

/** The message did not leave: the code it held is useless and is forgotten. */
export class SmsNotSent extends Error {
  constructor(reason: string) {
    super(`SMS not sent: ${reason}`);
    this.name = 'SmsNotSent';
  }
}

export class ConsoleSmsSender implements SmsSender {
  readonly available = true;

  constructor(private readonly write: (line: string) => void = (line) => process.stdout.write(line)) {}

  async send({ quhao, mobile, code }: SmsMessage): Promise<void> {
    // Exactly one line, always this shape: tests and operators grep for it.
    this.write(`SMS code for ${quhao}${mobile}: ${code}\n`);
  }
}

export class NoSmsSender implements SmsSender {
  readonly available = false;

  async send(): Promise<void> {
    throw new SmsNotSent('no SMS provider is configured');
  }
}

/** A number as a log line may show it: the area code and the last three digits. */
export function maskNumber(quhao: string, mobile: string): string {
  return `${quhao}${'*'.repeat(Math.max(0, mobile.length - 3))}${mobile.slice(-3)}`;
}

/** The provider's answer must come before the app's own 6 s request timeout runs out. */
export const SMS_TIMEOUT_MS = 4_000;

export interface HttpSmsOptions {
  /** The provider's endpoint: POST, JSON body `{ "to": "+84912345678", "text": "..." }`. */
  url: string;
  /** Sent as `Authorization: Bearer <key>`. */
  key: string;
  /** The text around the code in the member's language. */
  text: (locale: Locale, code: string) => string;
  /** Told of every failure, with what may be logged (never the code or the text). */
  onFailure: (details: Record<string, unknown>, message: string) => void;
  timeoutMs?: number;
}

export class HttpSmsSender implements SmsSender {
  readonly available = true;

  constructor(private readonly options: HttpSmsOptions) {}

  async send(message: SmsMessage): Promise<void> {
    const { url, key, text, onFailure, timeoutMs = SMS_TIMEOUT_MS } = this.options;
    const to = maskNumber(message.quhao, message.mobile);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ to: `${message.quhao}${message.mobile}`, text: text(message.locale, message.code) }),
        signal: AbortSignal.timeout(timeoutMs),
        // A redirect would resend the key and the code to wherever it points.
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const reason = timedOut ? `no answer within ${timeoutMs} ms` : 'unreachable';
      onFailure({ to, provider: new URL(url).host }, `SMS provider ${reason}`);
      throw new SmsNotSent(reason);
    }
    // The provider's body may echo the text (and the code in it): read it away, never log it.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) {
      onFailure({ to, provider: new URL(url).host, status: response.status }, 'SMS provider refused the message');
      throw new SmsNotSent(`HTTP ${response.status}`);
    }
  }
}
