// Public ids: random, URL-safe and unguessable, so a hash in a link says nothing about the row behind it.
import { randomBytes } from 'node:crypto';

export const randomHash = (bytes = 12) => randomBytes(bytes).toString('base64url');
