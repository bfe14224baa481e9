import { randomBytes } from 'node:crypto';

/** 32 fresh bytes from the operating system: a game's dice secret. */
export const systemEntropy = (): Uint8Array => new Uint8Array(randomBytes(32));
