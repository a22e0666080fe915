import { promises as dns } from "node:dns";
import { multiaddr, type Multiaddr } from "@multiformats/multiaddr";
import { isPublicAddress } from "../../../lib/net/safe-fetch.js";

export const PRIVATE_REFUSED = "Dials to loopback and private addresses are refused";
const UNIX_REFUSED = "Dials to Unix sockets are refused";

/** How the names in a multiaddress are looked up: the system's resolver, or a test's. */
export interface NameResolver {
  /** Every address `name` has in the family (0: both). */
  lookup(name: string, family: 0 | 4 | 6): Promise<string[]>;
  /** The TXT records of `name`, each record's strings joined. */
  txt(name: string): Promise<string[]>;
}

export const systemResolver: NameResolver = {
  lookup: async (name, family) => (await dns.lookup(name, { family, all: true })).map((entry) => entry.address),
  txt: async (name) => (await new dns.Resolver({ timeout: 2_000, tries: 2 }).resolveTxt(name)).map((chunks) => chunks.join("")),
};

export interface DialRules {
  allowPrivate: boolean;
  /** The whole check, lookups included, ends within this. */
  timeoutMs: number;
  resolver?: NameResolver;
}

/** Components naming a host the transports look up; /sni is the host WebSockets over TLS connects to. */
const LOOKED_UP: Record<string, 0 | 4 | 6> = { dns: 0, dns4: 4, dns6: 6, sni: 0 };
/** Lookups (names and /dnsaddr TXT records together) one address may cost. */
const MAX_LOOKUPS = 16;
const MAX_DNSADDR_DEPTH = 4;

class Refused extends Error {}

/**
 * Why the node must not dial `address`, or null when it may. It sees what libp2p and its transports would
 * reach: never a Unix socket; unless private dials are allowed, only public IPs, and names (/dns, /dns4,
 * /dns6, /sni, and /dnsaddr's TXT records followed to every address they list) that resolve to public
 * addresses only. A name that does not resolve is refused too: nothing proves it public.
 */
export async function dialRefusal(address: Multiaddr, rules: DialRules): Promise<string | null> {
  const guard = new Guard(rules.resolver ?? systemResolver, rules.allowPrivate);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Refused(`The multiaddress's names did not resolve within ${rules.timeoutMs} ms`)), rules.timeoutMs);
  });
  try {
    await Promise.race([guard.check(address, 0), late]);
    return null;
  } catch (error) {
    return error instanceof Refused ? error.message : "The multiaddress cannot be checked";
  } finally {
    clearTimeout(timer);
  }
}

class Guard {
  private lookupsLeft = MAX_LOOKUPS;

  private readonly resolver: NameResolver;
  private readonly allowPrivate: boolean;

  constructor(
    resolver: NameResolver,
    allowPrivate: boolean,
  ) {
    this.resolver = resolver;
    this.allowPrivate = allowPrivate;
  }

  async check(address: Multiaddr, depth: number): Promise<void> {
    for (const { name, value } of address.getComponents()) {
      if (name === "unix") throw new Refused(UNIX_REFUSED);
      if (this.allowPrivate || value === undefined) continue;
      if (name === "ip4" || name === "ip6") this.mustBePublic([value]);
      else if (name in LOOKED_UP) this.mustBePublic(await this.answers(() => this.resolver.lookup(value, LOOKED_UP[name])));
      else if (name === "dnsaddr") await this.checkDnsaddr(value, address.getPeerId(), depth);
    }
  }

  /** Follows `/dnsaddr/<name>` as libp2p does (`dnsaddr=<multiaddress>` TXT records of `_dnsaddr.<name>`, those of the peer asked for). */
  private async checkDnsaddr(name: string, peerId: string | null, depth: number): Promise<void> {
    if (depth >= MAX_DNSADDR_DEPTH) throw new Refused(`/dnsaddr records nest deeper than ${MAX_DNSADDR_DEPTH}`);
    const records = await this.answers(() => this.resolver.txt(`_dnsaddr.${name}`));
    const targets = records.flatMap((record) => {
      const [key, value] = record.replace(/["']/g, "").trim().split("=");
      if (key !== "dnsaddr" || !value || (peerId !== null && !value.includes(peerId))) return [];
      try {
        return [multiaddr(value)];
      } catch {
        return [];
      }
    });
    if (targets.length === 0) throw new Refused("A /dnsaddr name in the multiaddress lists no address");
    for (const target of targets) await this.check(target, depth + 1);
  }

  private async answers(lookup: () => Promise<string[]>): Promise<string[]> {
    if (this.lookupsLeft-- <= 0) throw new Refused(`The multiaddress needs more than ${MAX_LOOKUPS} lookups to check`);
    const found = await lookup().catch(() => []);
    if (found.length === 0) throw new Refused("A name in the multiaddress does not resolve");
    return found;
  }

  private mustBePublic(addresses: string[]): void {
    if (addresses.some((address) => !isPublicAddress(address))) throw new Refused(PRIVATE_REFUSED);
  }
}
