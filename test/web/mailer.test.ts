import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { defaultSender, smtpMailer } from '../../src/web/mailer.ts';

/** The least of an SMTP server: it answers each command and keeps the envelope and the message. */
async function smtpSink() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let mail = { from: '', to: [] as string[], data: '' };
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let at = buffer.indexOf('\r\n');
      while (at >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else mail.data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 sink\r\n');
        else if (/^MAIL FROM:/i.test(line)) {
          mail.from = line.slice(10);
          socket.write('250 ok\r\n');
        } else if (/^RCPT TO:/i.test(line)) {
          mail.to.push(line.slice(8));
          socket.write('250 ok\r\n');
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
        at = buffer.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { port, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('e-mail through nodemailer (SMTP_URL)', () => {
  it('delivers the message to the SMTP server named by the URL: sender, recipient, subject and text', async () => {
    const sink = await smtpSink();
    try {
      const mailer = smtpMailer(
        `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`,
        defaultSender('https://docs.example.test/'),
      );
      await mailer.send({
        to: 'owner@example.com',
        subject: 'Choose a new docjson password',
        text: 'the link',
      });
      assert.equal(sink.received.length, 1);
      const [mail] = sink.received;
      assert.match(mail!.from, /<no-reply@docs\.example\.test>/);
      assert.deepEqual(mail!.to, ['<owner@example.com>']);
      assert.match(mail!.data, /^Subject: Choose a new docjson password$/m);
      assert.match(mail!.data, /^the link$/m);
    } finally {
      await sink.close();
    }
  });
});
