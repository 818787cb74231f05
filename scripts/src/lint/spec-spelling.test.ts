import fs from 'node:fs';
import path from 'node:path';

// The spec spells it "organization" (its fields, 'Organization is required'); the team and review
// messages said "organisation" beside it, on the same screens (newcomer pass, session 11). What
// people read comes from these places: the client, the server's and domain's messages, the API
// description and the docs. Identifiers (organisationKey) are code, not text, and pass.

const REPO_ROOT = path.resolve(__dirname, '../../..');
const PLACES = ['client/src', 'client/index.html', 'server/src', 'domain/src', 'docs', 'README.md'];
const BRITISH = /\b[Oo]rganisations?\b/;

function* filesUnder(place: string): Generator<string> {
  const full = path.join(REPO_ROOT, place);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield full;
    return;
  }
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const child = path.join(place, entry.name);
    if (entry.isDirectory()) yield* filesUnder(child);
    else if (/\.(?:tsx?|html|md|ya?ml|css)$/.test(entry.name)) yield path.join(REPO_ROOT, child);
  }
}

describe('the spec spelling', () => {
  it('says "organization", as the spec does, wherever people read the word', () => {
    const found: string[] = [];
    for (const place of PLACES) {
      for (const file of filesUnder(place)) {
        fs.readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (BRITISH.test(line)) found.push(`${path.relative(REPO_ROOT, file)}:${index + 1}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});
