import { decodeHeaderText } from './encoded-words';

// Reads back what compose-eml writes: headers (unfolded, encoded words decoded) and the text and
// HTML parts. It reads 7bit and 8bit bodies only, which is all the outbox writes; an .eml from
// elsewhere can be opened with any mail client.

export interface ParsedEml {
  /** Header values by lowercase name (the first one when a header repeats). */
  headers: Map<string, string>;
  text: string;
  html?: string;
}

export function parseEml(source: string): ParsedEml {
  const { headers, body } = splitEntity(source);
  const contentType = headers.get('content-type') ?? 'text/plain';
  if (!/^multipart\//i.test(contentType)) {
    // The line end after the last line ends the file, not the text (as a part's goes to its boundary).
    return { headers, text: decodeBody(headers, body).replace(/\n$/, '') };
  }
  const parsed: ParsedEml = { headers, text: '' };
  for (const part of multipartBodies(body, boundaryOf(contentType))) {
    const entity = splitEntity(part);
    const type = entity.headers.get('content-type') ?? 'text/plain';
    if (/^text\/plain/i.test(type) && !parsed.text) parsed.text = decodeBody(entity.headers, entity.body);
    if (/^text\/html/i.test(type) && parsed.html === undefined)
      parsed.html = decodeBody(entity.headers, entity.body);
  }
  return parsed;
}

function splitEntity(source: string): { headers: Map<string, string>; body: string } {
  const normalised = source.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const headers = new Map<string, string>();
  // A line starting with white space continues the header before it (folding).
  for (const line of head.replace(/\n[ \t]/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeHeaderText(line.slice(colon + 1).trim()));
  }
  return { headers, body: end === -1 ? '' : normalised.slice(end + 2) };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding !== '7bit' && encoding !== '8bit') {
    throw new Error(`the outbox reader reads 7bit and 8bit bodies, not ${encoding}`);
  }
  return body;
}

function boundaryOf(contentType: string): string {
  const match = /boundary="?([^";]+)"?/i.exec(contentType);
  if (!match) throw new Error('a multipart message without a boundary');
  return match[1]!;
}

/** The parts between the boundary lines, each without the line end that belongs to the boundary. */
function multipartBodies(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split('\n')) {
    if (line === `--${boundary}` || line === `--${boundary}--`) {
      if (current) parts.push(current.join('\n'));
      if (line.endsWith('--')) break;
      current = [];
    } else {
      current?.push(line);
    }
  }
  return parts;
}
