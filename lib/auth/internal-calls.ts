import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { deriveKey } from "../crypto/sealed.js";

/** The header the gateway marks subscription re-executions with (not counted as the caller's own requests). */
export const SUBSCRIPTION_EVENT_HEADER = "x-subscription-event";

/** The header the edge (gateway, REST adapter) tells the next hop the caller's network address in, signed. */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

/** How long a signed marker is accepted: the gateway sends it as it makes the request. */
const MAX_AGE_MS = 60_000;

/** How long an address marker is reused for the same address (well inside `MAX_AGE_MS`). */
const ADDRESS_MARKER_REUSE_MS = 1_000;

/** What a marker is bound to: the caller's credentials and the operation it came with. */
export interface MarkedRequest {
  authorization: string | undefined;
  query: unknown;
  variables: unknown;
}

const digest = (value: unknown) => createHash("sha256").update(JSON.stringify(value ?? null)).digest("hex");

/**
 * Proof that the gateway, holding the deployment's internal key, made this request: an HMAC over a
 * time, the authorization header and the operation. Variables are signed as `JSON.stringify` of
 * their value, which the subgraph gets back exactly by stringifying what it parsed.
 */
export class InternalCalls {
  /** The last address marker made, reused for a second: one HMAC per caller address and second, not one per request. */
  private lastAddressMarker: { address: string; at: number; header: string } | undefined;

  private readonly key: Buffer;

  constructor(key: Buffer) {
    this.key = key;
  }

  /** The deployment's internal key, derived from its JWT secret (every process of it holds the same). */
  static forSecret(secret: string): InternalCalls {
    return new InternalCalls(deriveKey(secret, "internal-calls"));
  }

  private mac(at: string, request: MarkedRequest): Buffer {
    return createHmac("sha256", this.key)
      .update(`${at}\n${request.authorization ?? ""}\n${digest(request.query)}\n${digest(request.variables ?? {})}`)
      .digest();
  }

  /** `<unix ms>.<hex HMAC>` for the request the gateway is about to send. */
  sign(request: MarkedRequest, now = Date.now()): string {
    return `${now}.${this.mac(String(now), request).toString("hex")}`;
  }

  /** True only for a fresh marker made with this key for exactly this request. */
  verify(marker: unknown, request: MarkedRequest, now = Date.now()): boolean {
    const match = typeof marker === "string" ? /^(\d{1,15})\.([0-9a-f]{64})$/.exec(marker) : null;
    if (!match || Math.abs(now - Number(match[1])) > MAX_AGE_MS) return false;
    return timingSafeEqual(Buffer.from(match[2], "hex"), this.mac(match[1], request));
  }

  private sealMac(purpose: string, at: string, value: string): Buffer {
    return createHmac("sha256", this.key).update(`seal\n${purpose}\n${at}\n${value}`).digest();
  }

  /** `value` with the time and an HMAC for `purpose`: state a browser carries between two requests, which it can neither read into nor forge. */
  seal(purpose: string, value: string, now = Date.now()): string {
    const encoded = Buffer.from(value, "utf8").toString("base64url");
    return `${encoded}.${now}.${this.sealMac(purpose, String(now), encoded).toString("hex")}`;
  }

  /** The value of a seal made with this key for `purpose` at most `maxAgeMs` ago; undefined for anything else. */
  unseal(purpose: string, sealed: unknown, maxAgeMs: number, now = Date.now()): string | undefined {
    const match = typeof sealed === "string" ? /^([A-Za-z0-9_-]{1,2048})\.(\d{1,15})\.([0-9a-f]{64})$/.exec(sealed) : null;
    if (!match || now - Number(match[2]) > maxAgeMs || Number(match[2]) > now + MAX_AGE_MS) return undefined;
    if (!timingSafeEqual(Buffer.from(match[3], "hex"), this.sealMac(purpose, match[2], match[1]))) return undefined;
    return Buffer.from(match[1], "base64url").toString("utf8");
  }

  private addressMac(at: string, address: string): Buffer {
    return createHmac("sha256", this.key).update(`client-address\n${at}\n${address}`).digest();
  }

  /** `<address> <unix ms>.<hex HMAC>`: the caller's address as the edge saw it, for the next hop. */
  signAddress(address: string, now = Date.now()): string {
    const last = this.lastAddressMarker;
    if (last && last.address === address && now >= last.at && now - last.at < ADDRESS_MARKER_REUSE_MS) return last.header;
    const header = `${address} ${now}.${this.addressMac(String(now), address).toString("hex")}`;
    this.lastAddressMarker = { address, at: now, header };
    return header;
  }

  /** The address in a fresh header signed with this key; undefined for anything else. */
  addressFrom(header: unknown, now = Date.now()): string | undefined {
    const match = typeof header === "string" ? /^(\S{1,64}) (\d{1,15})\.([0-9a-f]{64})$/.exec(header) : null;
    if (!match || isIP(match[1]) === 0 || Math.abs(now - Number(match[2])) > MAX_AGE_MS) return undefined;
    return timingSafeEqual(Buffer.from(match[3], "hex"), this.addressMac(match[2], match[1])) ? match[1] : undefined;
  }
}
