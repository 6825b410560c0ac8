/** A Redis URL as output may show it: a password in it is a secret, and terminals are logged. */
export function redisUrlShown(redis: string): string {
  const url = new URL(redis);
  if (url.password) url.password = '***';
  return url.toString();
}
