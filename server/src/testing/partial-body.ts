import net from 'node:net';

/**
 * Sends a POST whose headers announce `announcedBytes` of body but only its first few bytes, and
 * resolves with the status line of the answer: a route that reads the body before deciding never
 * answers (it waits for the rest), one that decides on the headers answers at once. `null` when no
 * answer came within `patienceMs` (the server was waiting for the body).
 */
export function answerToPartialBody(
  url: string,
  path: string,
  headers: Record<string, string>,
  { announcedBytes = 400_000, patienceMs = 5_000 } = {},
): Promise<string | null> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let text = '';
    const done = (answer: string | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(null), patienceMs);
    socket.on('error', () => done(text ? text.split('\r\n')[0]! : null));
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n')) done(text.split('\r\n')[0]!);
    });
    const lines = Object.entries({ Host: hostname, 'Content-Length': String(announcedBytes), ...headers });
    socket.write(
      `POST ${path} HTTP/1.1\r\n${lines.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n{"id":`,
    );
  });
}
