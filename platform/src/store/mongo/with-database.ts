/**
 * The same MongoDB server and options with another database (the path between the hosts and the
 * query), for a store of its own (a test's, a fuzz run's). With credentials and no authSource, the
 * driver authenticates against the URI's database, so that stays the authSource.
 */
export function withDatabase(base: string, name: string): string {
  const match = /^(mongodb(?:\+srv)?:\/\/([^/?]*))(?:\/([^?]*))?(?:\?(.*))?$/.exec(base);
  if (!match) throw new Error('MONGODB_URI is not a mongodb:// or mongodb+srv:// URI');
  const [, prefix, authority, database, query] = match;
  const keepAuthSource = authority!.includes('@') && !/(^|&)authSource=/i.test(query ?? '');
  const search = [query, keepAuthSource ? `authSource=${database || 'admin'}` : ''].filter(Boolean).join('&');
  return `${prefix}/${name}${search ? `?${search}` : ''}`;
}
