import { SignJWT } from "jose";
import type { WebhookDelivery } from "../../../generated/prisma/client.js";
import type { KeyStore } from "../../../lib/auth/verification-keys.js";
import { webhookSigningMaterial } from "../../identity/public.js";

/** How long a signed body is valid (`exp`): a body kept and replayed later is refused by any JWT check. */
export const BODY_LIFETIME_SECONDS = 300;

/** The media type of a delivery's body: a JWT (RFC 7519), compact JWS. */
export const WEBHOOK_CONTENT_TYPE = "application/jwt";

/**
 * A delivery's body, signed now with the current webhook key (`kid` in the header) as Canva signs its
 * webhooks: a JWT whose claims are the `Notification` itself (`id`, `created_at`, `content`), with `iss`
 * the deployment, `aud` the integration, `jti` the notification's id, `iat` this attempt's time and
 * `exp` five minutes later. A receiver verifies it with the keys of /v1/connect/keys and refuses an id
 * it has already processed. A delivery recorded before notifications (today's envelope, `{ id, kind,
 * created_at, user, data }`) is sent as it was recorded, in the `event` claim.
 */
export async function signedBody(keys: KeyStore, delivery: WebhookDelivery): Promise<{ body: string; kid: string }> {
  const { kid, alg, privateKey } = await webhookSigningMaterial(keys);
  const data = delivery.data as Record<string, unknown>;
  const claims = "content" in data ? data : { event: data };
  // One reading of the clock: `iat` and `exp` from separate readings could fall a second apart.
  const now = Math.floor(Date.now() / 1000);
  const body = await new SignJWT(claims)
    .setProtectedHeader({ alg, kid, typ: "JWT" })
    .setIssuer(keys.issuer)
    .setAudience(delivery.clientId)
    .setJti(delivery.id)
    .setIssuedAt(now)
    .setExpirationTime(now + BODY_LIFETIME_SECONDS)
    .sign(privateKey);
  return { body, kid };
}
