/**
 * Sending verification codes. The server talks to an SmsSender so an operator can plug in a real
 * gateway; the default prints the code on the console, which is what a fresh install and the
 * end-to-end tests read.
 */
export interface SmsMessage {
  quhao: string;
  mobile: string;
  code: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export class ConsoleSmsSender implements SmsSender {
  constructor(private readonly write: (line: string) => void = (line) => process.stdout.write(line)) {}

  async send({ quhao, mobile, code }: SmsMessage): Promise<void> {
    // Exactly one line, always this shape: tests and operators grep for it.
    this.write(`SMS code for ${quhao}${mobile}: ${code}\n`);
  }
}
