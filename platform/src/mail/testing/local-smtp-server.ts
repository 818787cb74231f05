import net, { type AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type ReceivedMail, receivedMail } from './received-mail';

// SMTP servers started by tests on 127.0.0.1: one that receives and parses every message (with a
// sign-in, so the credentials in SMTP_URL are exercised too), and dead ones for the timeouts.

export interface LocalSmtpServer {
  /** An SMTP_URL for it, credentials included. */
  url: string;
  /** Every message accepted so far, oldest first. */
  received: ReceivedMail[];
  /** Connections open right now. */
  openConnections(): number;
  /** Connections ever opened. */
  connectionsOpened(): number;
  stop(): Promise<void>;
}

const USER = 'agentry';
const PASSWORD = 'local-test-password';

/** `port`: a given one (a test that first found it closed), else any free one. */
export async function startLocalSmtpServer(port = 0): Promise<LocalSmtpServer> {
  const received: ReceivedMail[] = [];
  let open = 0;
  let opened = 0;
  const server = new SMTPServer({
    logger: false,
    // No TLS: nodemailer would upgrade when STARTTLS is offered, and a test has no certificate.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) return callback(null, { user: USER });
      return callback(new Error('Invalid username or password'));
    },
    onConnect(_session, callback) {
      open += 1;
      opened += 1;
      callback();
    },
    onClose() {
      open -= 1;
    },
    onData(stream, session, callback) {
      // The 250 reply (and so the sender's resolved promise) waits until the message is recorded.
      simpleParser(stream).then(
        (parsed) => {
          received.push(
            receivedMail(
              parsed,
              session.envelope.rcptTo.map((recipient) => recipient.address),
            ),
          );
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${bound}`,
    received,
    openConnections: () => open,
    connectionsOpened: () => opened,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface DeadSmtpServer {
  url: string;
  stop(): Promise<void>;
}

/** Accepts connections and never says a word: the greeting timeout must end the wait. */
export async function startSilentServer(): Promise<DeadSmtpServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An address where nothing listens: a port that was free a moment ago. */
export async function refusingAddress(): Promise<DeadSmtpServer> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `smtp://127.0.0.1:${port}`, stop: async () => {} };
}
