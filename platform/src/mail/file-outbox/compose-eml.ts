import { randomBytes } from 'node:crypto';
import { InvalidMailError } from '../message-rules';
import type { MailMessage } from '../port';
import type { Sender } from '../sender';
import { encodeHeaderText } from './encoded-words';

// One message as an RFC 5322 file a person can read in a text editor. The body goes as 8bit UTF-8
// (RFC 6152), not quoted-printable: links stay on one line, exactly as typed, so people and tests
// can copy them. An HTML alternative follows the text in a multipart/alternative.

export interface Envelope {
  from: Sender;
  messageId: string;
  date: Date;
}

/** RFC 5322 caps a line at 998 octets, CRLF excluded. */
const MAX_LINE_OCTETS = 998;
/** Display names that may stand unquoted: atext and spaces (RFC 5322 section 3.2.3). */
const PLAIN_PHRASE = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]+$/;

/** The message checked by checkMessage, as the bytes of an .eml file. */
export function composeEml(message: MailMessage, envelope: Envelope): string {
  const headers = [
    `From: ${formatMailbox(envelope.from)}`,
    `To: ${message.to}`,
    ...(message.replyTo === undefined ? [] : [`Reply-To: ${message.replyTo}`]),
    `Subject: ${foldHeader(encodeHeaderText(message.subject), 'Subject: '.length)}`,
    `Date: ${formatDate(envelope.date)}`,
    `Message-ID: ${envelope.messageId}`,
    'MIME-Version: 1.0',
    `X-Agentry-Kind: ${message.kind}`,
  ];
  if (message.html === undefined) {
    return [...headers, ...partHeaders('text/plain'), '', body(message.text), ''].join('\r\n');
  }
  const boundary = `agentry-${randomBytes(12).toString('hex')}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    'Content-Transfer-Encoding: 8bit',
    '',
    `--${boundary}`,
    ...partHeaders('text/plain'),
    '',
    body(message.text),
    `--${boundary}`,
    ...partHeaders('text/html'),
    '',
    body(message.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

const partHeaders = (type: string) => [
  `Content-Type: ${type}; charset=utf-8`,
  'Content-Transfer-Encoding: 8bit',
];

/** Text with CRLF line ends; the line end after the last line is the caller's (RFC 2046 gives it to the boundary). */
function body(text: string): string {
  const lines = text
    .replace(/\r\n|\r|\n/g, '\n')
    .replace(/\n$/, '')
    .split('\n');
  if (lines.some((line) => Buffer.byteLength(line) > MAX_LINE_OCTETS)) {
    throw new InvalidMailError(`a line of the message is longer than ${MAX_LINE_OCTETS} bytes`);
  }
  return lines.join('\r\n');
}

function formatMailbox({ name, address }: Sender): string {
  if (!name) return address;
  if (PLAIN_PHRASE.test(name)) return `${name} <${address}>`;
  if (/^[\x20-\x7e]*$/.test(name)) return `"${name.replace(/(["\\])/g, '\\$1')}" <${address}>`;
  return `${encodeHeaderText(name)} <${address}>`;
}

/** Folds a long ASCII value at spaces so header lines stay near 78 columns (RFC 5322 section 2.2.3). */
function foldHeader(value: string, nameLength: number): string {
  if (value.includes('\r\n') || nameLength + value.length <= 78) return value;
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(' ')) {
    const limit = lines.length === 0 ? 78 - nameLength : 77;
    if (line && line.length + 1 + word.length > limit) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  lines.push(line);
  return lines.join('\r\n ');
}

/** "Mon, 23 Nov 2026 12:00:00 +0000": toUTCString's GMT is obsolete syntax in RFC 5322. */
const formatDate = (date: Date) => date.toUTCString().replace(/GMT$/, '+0000');
