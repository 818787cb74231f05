import {
  dnsNameOf,
  PROOF_FILE_PATH,
  PROOF_META_NAME,
  PROOF_PREFIX,
  type ProofMethod,
} from '@agentry/domain/domain-verification';
import { type FetchOptions, fetchPage } from './fetch-page';
import { DnsLookupError } from './resolver';

// Looks for a domain's proof, one method at a time: the TXT record on the domain's name, the file
// at /.well-known/agentry-verification.txt, or the meta tag on the home page. The sites are asked
// over http:// first and redirects are followed (as Let's Encrypt's HTTP-01 check), each hop held
// to the same address policy as every outbound call.

export interface ProofFinding {
  method: ProofMethod;
  found: boolean;
  /**
   * True when the answer settles it (the record, file or tag is there, or is not); false when we
   * could not ask (a timeout, a refused connection, our resolver down): a recheck tries again
   * before a badge is taken away.
   */
  definitive: boolean;
  /** For people: what was seen. */
  detail: string;
}

/** Bytes read of the proof file and of the home page (a meta tag sits in the head). */
const FILE_MAX_BYTES = 4 * 1024;
const PAGE_MAX_BYTES = 512 * 1024;

const META_TAG = /<meta\b[^>]*>/gi;
const attribute = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
const attributeValue = (match: RegExpExecArray | null) =>
  match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;

/** The contents of every <meta name="agentry-verification"> of a page. */
export function metaProofs(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(META_TAG)) {
    if (attributeValue(attribute(tag, 'name'))?.trim().toLowerCase() !== PROOF_META_NAME) continue;
    const content = attributeValue(attribute(tag, 'content'));
    if (content !== null) found.push(content.trim());
  }
  return found;
}

/** The file holds the token alone, or "agentry-verification=<token>", on one of its first lines. */
function fileHolds(body: string, token: string): boolean {
  return body
    .split(/\r?\n/)
    .slice(0, 20)
    .map((line) => line.trim())
    .some((line) => line === token || line === `${PROOF_PREFIX}=${token}`);
}

const unreachable = (method: ProofMethod, failure: string): ProofFinding => ({
  method,
  found: false,
  // A name with no address at all is an answer: the domain does not serve the proof.
  definitive: failure === 'dns',
  detail: `the site could not be reached (${failure})`,
});

export async function checkProof(
  domain: string,
  token: string,
  method: ProofMethod,
  fetchOptions: Omit<FetchOptions, 'maxBodyBytes'>,
): Promise<ProofFinding> {
  if (method === 'dns') {
    const name = dnsNameOf(domain);
    try {
      const records = await fetchOptions.resolver.txt(name);
      const found = records.some((record) => record.trim() === `${PROOF_PREFIX}=${token}`);
      return {
        method,
        found,
        definitive: true,
        detail: found
          ? `TXT record found on ${name}`
          : `no TXT record "${PROOF_PREFIX}=…" with your token on ${name}`,
      };
    } catch (error) {
      const code = error instanceof DnsLookupError ? error.code : undefined;
      return { method, found: false, definitive: false, detail: `DNS did not answer (${code ?? 'error'})` };
    }
  }
  const url = method === 'file' ? `http://${domain}${PROOF_FILE_PATH}` : `http://${domain}/`;
  const maxBodyBytes = method === 'file' ? FILE_MAX_BYTES : PAGE_MAX_BYTES;
  const answer = await fetchPage(url, { ...fetchOptions, maxBodyBytes });
  if (!answer.ok) return unreachable(method, answer.failure);
  if (answer.status < 200 || answer.status > 299)
    return {
      method,
      found: false,
      definitive: answer.status < 500,
      detail: `${url} answered ${answer.status}`,
    };
  const found = method === 'file' ? fileHolds(answer.body, token) : metaProofs(answer.body).includes(token);
  return {
    method,
    found,
    definitive: true,
    detail: found
      ? `found at ${answer.url}`
      : method === 'file'
        ? `${answer.url} does not hold your token`
        : `no <meta name="${PROOF_META_NAME}"> tag with your token on ${answer.url}`,
  };
}
