/** A stand-in SMS provider on 127.0.0.1: records what it is sent and answers as a test asks. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  authorization: string | undefined;
  contentType: string | undefined;
  body: { to: string; text: string };
}

export interface SmsProvider {
  url: string;
  received: ReceivedSms[];
  /** How the next messages are answered: a status, or 'hang' (no answer at all). */
  answer: number | 'hang';
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startProvider(): Promise<SmsProvider> {
  const hanging: ServerResponse[] = [];
  const provider: SmsProvider = {
    url: '',
    received: [],
    answer: 200,
    close: () =>
      new Promise((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    void readBody(request).then((text) => {
      provider.received.push({
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: JSON.parse(text) as ReceivedSms['body'],
      });
      if (provider.answer === 'hang') {
        hanging.push(response);
        return;
      }
      response.writeHead(provider.answer, { 'content-type': 'application/json' });
      // A provider may echo the message: the server must not log what it answers.
      response.end(JSON.stringify({ echo: text }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send`;
  return provider;
}
