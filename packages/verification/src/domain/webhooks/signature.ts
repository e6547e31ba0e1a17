/**
 * How a delivery proves it comes from the service: an HMAC-SHA256 of the exact body bytes under
 * the webhook's secret, sent as `X-Platform-Signature: sha256=<lowercase hex>`.
 */
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Platform-Signature';
export const EVENT_HEADER = 'X-Platform-Event';
export const DELIVERY_HEADER = 'X-Platform-Delivery';
export const TIMESTAMP_HEADER = 'X-Platform-Timestamp';

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}
