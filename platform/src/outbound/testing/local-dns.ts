import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

// A DNS server on 127.0.0.1 for tests and benchmarks (OUTBOUND_DNS_SERVERS points the site at it):
// every name under the given suffixes resolves to 127.0.0.1, where the test's local sites listen,
// and TXT records are whatever the test sets, so domain proofs by DNS can be given and taken away.

export interface LocalDns {
  /** "127.0.0.1:port", for OUTBOUND_DNS_SERVERS. */
  server: string;
  setTxt(name: string, values: string[]): void;
  /** Makes a name resolve to another address (a private one, to prove it is refused). */
  setAddress(name: string, address: string): void;
  close(): Promise<void>;
}

const { Packet } = dns2;
/** A record as dns2 encodes it (its typings ask for a method the encoder never calls). */
const record = (fields: Record<string, unknown>) => fields as unknown as dns2.Packet.Resource;

export async function startLocalDns(options: { suffixes?: string[] } = {}): Promise<LocalDns> {
  const suffixes = (options.suffixes ?? ['.test']).map((suffix) => suffix.toLowerCase());
  const txt = new Map<string, string[]>();
  const addresses = new Map<string, string>();
  const ours = (name: string) => suffixes.some((suffix) => name === suffix.slice(1) || name.endsWith(suffix));
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = String(question?.name ?? '').toLowerCase();
      if (question && ours(name)) {
        const base = { name: question.name, class: Packet.CLASS.IN, ttl: 1 };
        if (question.type === Packet.TYPE.A) {
          const address = addresses.get(name) ?? '127.0.0.1';
          if (!address.includes(':'))
            response.answers.push(record({ ...base, type: Packet.TYPE.A, address }));
        } else if (question.type === Packet.TYPE.AAAA) {
          const address = addresses.get(name);
          if (address?.includes(':'))
            response.answers.push(record({ ...base, type: Packet.TYPE.AAAA, address }));
        } else if (question.type === Packet.TYPE.TXT) {
          for (const data of txt.get(name) ?? [])
            response.answers.push(record({ ...base, type: Packet.TYPE.TXT, data }));
        }
      } else {
        response.header.rcode = 3; // NXDOMAIN: nothing leaves this machine
      }
      send(response);
    },
  });
  await new Promise<void>((resolve) => {
    server.on('listening', () => resolve());
    server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  });
  const { port } = (server.addresses() as { udp: AddressInfo }).udp;
  return {
    server: `127.0.0.1:${port}`,
    setTxt: (name, values) => txt.set(name.toLowerCase(), values),
    setAddress: (name, address) => addresses.set(name.toLowerCase(), address),
    close: async () => {
      await server.close();
    },
  };
}
