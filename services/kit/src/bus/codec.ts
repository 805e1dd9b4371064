import { Envelope, parseEnvelopeFast } from '@rr/proto';

export function encodeEnvelope(envelope: Envelope): string {
  return JSON.stringify(envelope);
}

export type Decoded = { ok: true; envelope: Envelope } | { ok: false; reason: string };

/** Never throws: a message that is not an envelope is reported, so it can be dead-lettered. */
export function decodeEnvelope(value: Buffer | null): Decoded {
  if (!value) return { ok: false, reason: 'empty message' };
  let json: unknown;
  try {
    json = JSON.parse(value.toString('utf8'));
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  // The hand-written parser answers as the schema does, faster; zod names what is wrong.
  const fast = parseEnvelopeFast(json);
  if (fast !== undefined) return { ok: true, envelope: fast };
  const parsed = Envelope.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `not an envelope: ${issue.path.join('.')}: ${issue.message}` };
  }
  return { ok: true, envelope: parsed.data as Envelope };
}
