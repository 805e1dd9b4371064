import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createMailer, pooledSmtpUrl } from './mailer';

describe('pooledSmtpUrl', () => {
  it('asks for a pool of the given size', () => {
    const url = new URL(pooledSmtpUrl('smtp://127.0.0.1:1025', 16));
    expect(url.searchParams.get('pool')).toBe('true');
    expect(url.searchParams.get('maxConnections')).toBe('16');
    expect(url.host).toBe('127.0.0.1:1025');
  });

  it('keeps what the URL already says, credentials included', () => {
    const url = new URL(pooledSmtpUrl('smtps://user:secret@mail.example.cz:465/?pool=false&maxConnections=2', 16));
    expect(url.searchParams.get('pool')).toBe('false');
    expect(url.searchParams.get('maxConnections')).toBe('2');
    expect(url.username).toBe('user');
    expect(url.password).toBe('secret');
  });
});

describe('createMailer over SMTP', () => {
  it('sends every message over connections it keeps, not a connection a message', async () => {
    let connections = 0;
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], logger: false, disableReverseLookup: true,
      onConnect: (_session, callback) => (connections++, callback()),
      onRcptTo: (address, _session, callback) => (received.push(address.address), callback()),
      onData: (stream, _session, callback) => (stream.resume(), stream.on('end', () => callback())),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    const mailer = createMailer({ MAIL_FROM: 'Reality Radar <a@example.cz>', SMTP_URL: `smtp://127.0.0.1:${port}` }, 'test');
    try {
      const body = '<p>Nový byt 2+kk, Brno-střed</p>'.repeat(300);
      for (let i = 0; i < 3; i++) await mailer.send({ to: `person${i}@example.cz`, subject: 'Nové nabídky', html: body, text: 'x' });
      expect(received).toEqual(['person0@example.cz', 'person1@example.cz', 'person2@example.cz']);
      expect(connections).toBe(1);
    } finally {
      mailer.close?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
