/**
 * Emitted (EventEmitter2) after a write that can change what an API key may do: a key revoked, a user's
 * permissions or state changed. The guard's cache of verified keys forgets them (`VerifiedKeys.forget`).
 */
export const ACCESS_CHANGED = 'access.changed';
