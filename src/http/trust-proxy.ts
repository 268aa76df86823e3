/** TRUST_PROXY as Fastify 5 is to be given it. */
export type TrustProxySetting = boolean | number | string[];

/**
 * Fastify 5 trusts no X-Forwarded-For for a bare hop count (it fails closed, since a count cannot tell
 * a proxy from a client that reaches the port itself). As a function of the hop's index (0: the peer
 * that connected) it does what a count says: the last n addresses are our proxies, so the client is
 * the address the n-th proxy saw, and whatever a client wrote further left is ignored. `true` counts as
 * one proxy: trusting every hop would make the left-most address, which any client writes, the
 * client's. Deploy with a count only where the port is reached through the proxies alone.
 */
export function fastifyTrustProxy(
  setting: TrustProxySetting | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === undefined || setting === false || setting === 0) return false;
  if (Array.isArray(setting)) return setting.length > 0 ? setting : false;
  const hops = setting === true ? 1 : setting;
  return (_address, hop) => hop < hops;
}
