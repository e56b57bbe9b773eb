/** Registering members the way the app does: ask for a code, read it, register. */
import { ApiPath } from '../../../src/shared/api/paths';
import type { TestServer } from './server';
import { TEST_INVITATION } from './server';

let counter = 0;

export function uniquePhone(): string {
  counter += 1;
  return `9${String(Date.now() % 1e6).padStart(6, '0')}${String(counter).padStart(3, '0')}`;
}

export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}x${Math.floor(Math.random() * 1e6)}`;
}

export interface Registered {
  username: string;
  password: string;
  phone: string;
  token: string;
}

export async function registerMember(
  server: TestServer,
  overrides: { username?: string; password?: string; lang?: string; payPwd?: string; quhao?: string } = {},
): Promise<Registered> {
  const username = overrides.username ?? uniqueName();
  const password = overrides.password ?? 'secret123';
  const phone = uniquePhone();
  const quhao = overrides.quhao ?? '+84';
  const sent = await server.call(ApiPath.smsSend, { quhao, mobile: phone, lang: overrides.lang });
  if (sent.body.code !== 1) throw new Error(`sms_send refused: ${JSON.stringify(sent.body)}`);
  const answer = await server.call<{ token: string }>(ApiPath.register, {
    quhao,
    username,
    phone,
    captcha: server.sms.lastCodeFor(quhao, phone),
    password,
    spassword: password,
    invitation: TEST_INVITATION,
    payPwd: overrides.payPwd,
    lang: overrides.lang,
  });
  if (answer.body.code !== 1) throw new Error(`register refused: ${JSON.stringify(answer.body)}`);
  return { username, password, phone, token: answer.body.data.token };
}

export async function loginDemo(server: TestServer): Promise<string> {
  const answer = await server.call<{ token: string }>(ApiPath.login, { username: 'demo01', password: 'demo1234' });
  if (answer.body.code !== 1) throw new Error(`demo login refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data.token;
}
