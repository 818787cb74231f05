// RFC 2047 encoded words: how a header carries text that is not ASCII (a subject with é, 你好 or an
// emoji). The outbox writes them and its reader decodes them; SMTP leaves this to nodemailer.

/** 39 bytes are 52 base64 characters: "Subject: " plus one word stays within 78 columns. */
const BYTES_PER_WORD = 39;
const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/** The value as it goes in a header: unchanged when printable ASCII, else base64 encoded words on folded lines. */
export function encodeHeaderText(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let chunk = '';
  // Whole characters per word: a word must decode on its own (RFC 2047 section 5).
  for (const char of value) {
    if (Buffer.byteLength(chunk + char) > BYTES_PER_WORD) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join('\r\n ');
}

/** A header value with its encoded words decoded; the space between two adjacent words is dropped. */
export function decodeHeaderText(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(ENCODED_WORD, (_word, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) =>
                  String.fromCharCode(Number.parseInt(hex, 16)),
                ),
              'latin1',
            );
      return new TextDecoder(charset.split('*')[0]).decode(bytes);
    });
}
