/**
 * A local HTTPS server standing in for a browser's push service (RFC 8030), with a certificate the
 * server under test is told to trust (fixtures/push-service), and devices whose keys the test holds,
 * so a test decrypts what the server pushed (RFC 8291) as the browser would.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, Agent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { decrypt } from 'http_ece';
import { PushPayloadSchema, type PushPayload } from '../../../src/shared/push';

const FIXTURES = join(import.meta.dirname, '../fixtures/push-service');

export interface Delivered {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushService {
  /** The host (and port) to list in PUSH_SERVICE_HOSTS. */
  host: string;
  /** The TLS agent that trusts it. */
  agent: Agent;
  delivered: Delivered[];
  /** The status the next pushes are answered with (201 by default; 410: the subscription is gone). */
  answer: (status: number) => void;
  device: () => Device;
  close: () => Promise<void>;
}

export interface Device {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The pushes this device was sent, decrypted with its keys and checked against the payload's schema. */
  received: () => PushPayload[];
}

export async function startPushService(): Promise<PushService> {
  const delivered: Delivered[] = [];
  let status = 201;
  const cert = readFileSync(join(FIXTURES, 'cert.pem'));
  const server: Server = createServer({ key: readFileSync(join(FIXTURES, 'key.pem')), cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      delivered.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert, keepAlive: true });
  return {
    host,
    agent,
    delivered,
    answer: (next) => {
      status = next;
    },
    device() {
      const keys = createECDH('prime256v1');
      keys.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const path = `/push/${randomBytes(8).toString('hex')}`;
      return {
        endpoint: `https://${host}${path}`,
        p256dh: keys.getPublicKey('base64url'),
        auth,
        received: () =>
          delivered
            .filter((push) => push.path === path)
            .map((push) =>
              PushPayloadSchema.parse(
                JSON.parse(decrypt(push.body, { version: 'aes128gcm', privateKey: keys, authSecret: auth }).toString()),
              ),
            ),
      };
    },
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
