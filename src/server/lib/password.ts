import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { MESSAGES } from '../../shared/api/errors';
import { AppError } from './errors';

/**
 * Password hashing with scrypt, stored as `scrypt$N$r$p$salt$hash` (base64url): the parameters
 * travel with each hash, so they can change and old hashes still verify (and are rehashed at the
 * next sign-in, see needsRehash). Comparison is constant-time.
 *
 * Parameters: N=2^15, r=8, p=3 — one of OWASP's equivalent scrypt settings (Password Storage Cheat
 * Sheet: N=2^17/r=8/p=1, N=2^16/r=8/p=2, N=2^15/r=8/p=3, …). Why this one: the memory an scrypt
 * call holds is 128·N·r bytes (p lanes run one after another), so N=2^15 costs 32 MiB where 2^17
 * cost 128 MiB, for the same work factor. Measured on the 2-core dev machine: ~165 ms per hash.
 *
 * Bounded concurrency (the hash queue below): scrypt runs on libuv's thread pool, shared with file
 * I/O, zlib and DNS. Unbounded, a burst of sign-ins (20 a minute per IP pass the rate limit) took
 * every pool thread and half a GiB of memory and froze everybody's requests for seconds. Now at
 * most `concurrency` hashes run at once, at most `maxWaiting` wait, and beyond that a sign-in is
 * refused at once with 503 SERVER_BUSY (nothing is read or written for it).
 */
const N = 2 ** 15;
const R = 8;
const P = 3;
const KEY_LENGTH = 64;
/** Parameters of new hashes, as they appear in the stored text. */
export const PASSWORD_HASH_PREFIX = `scrypt$${N}$${R}$${P}$`;

// Bounds for the parameters read back from a stored hash: a corrupted or planted row must not make
// one verification allocate gigabytes. 2^17·8 (the previous default, 128 MiB) is the ceiling.
const MAX_SCRYPT_MEMORY = 128 * 2 ** 17 * 8;
const MAXMEM = MAX_SCRYPT_MEMORY + 32 * 1024 * 1024;

function scrypt(
  password: string,
  salt: Buffer,
  n: number,
  r: number,
  p: number,
  length: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, length, { N: n, r, p, maxmem: MAXMEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** 503 SERVER_BUSY: the hash queue is full (the client shows the text; no lock, no sign-out). */
export function serverBusy(): AppError {
  return new AppError(503, 'SERVER_BUSY', MESSAGES.serverBusy);
}

/**
 * At most `concurrency` tasks at once, at most `maxWaiting` queued (first come, first served);
 * beyond that run() throws serverBusy() without starting or queueing the task.
 */
export class HashQueue {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    public concurrency: number,
    public maxWaiting: number,
  ) {}

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Whether run() would accept a task now. */
  hasRoom(): boolean {
    return this.active < this.concurrency || this.waiting.length < this.maxWaiting;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.concurrency) {
      this.active++;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw serverBusy();
      // The finishing task hands its slot over (active stays counted), so no newcomer can
      // overtake the queue between the release and the wake-up.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/**
 * The process-wide queue. Concurrency: one hash per core beyond the one the event loop needs, at
 * most 2 (2 × 32 MiB); on the 2-core dev machine that is 1. Waiting list: 32 — a burst of 30
 * sign-ins is served (the last within ~32 × 165 ms), a larger one is refused rather than queued
 * for ever.
 */
export const passwordHashQueue = new HashQueue(Math.min(2, Math.max(1, availableParallelism() - 1)), 32);

/** Hashes with the current parameters, through the queue (may throw serverBusy()). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await passwordHashQueue.run(() => scrypt(password, salt, N, R, P, KEY_LENGTH));
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [, nText, rText, pText, saltText, hashText] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const n = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  const valid =
    Number.isInteger(n) &&
    n >= 2 &&
    (n & (n - 1)) === 0 &&
    Number.isInteger(r) &&
    r >= 1 &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= 16 &&
    128 * n * r <= MAX_SCRYPT_MEMORY;
  if (!valid) return undefined;
  const salt = Buffer.from(saltText, 'base64url');
  const hash = Buffer.from(hashText, 'base64url');
  if (salt.length < 8 || hash.length < 16 || hash.length > 128) return undefined;
  return { n, r, p, salt, hash };
}

/** Through the queue (may throw serverBusy()); false for a wrong password or an unusable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await passwordHashQueue.run(() =>
    scrypt(password, parsed.salt, parsed.n, parsed.r, parsed.p, parsed.hash.length),
  );
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/** A hash made with other parameters than today's: replace it at the next successful sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(PASSWORD_HASH_PREFIX);
}

/**
 * What an unknown username is verified against, so it costs the same scrypt as a wrong password
 * (no user enumeration by timing). Random salt and random "hash" with the current parameters:
 * verifying it is a full scrypt that never matches; nothing needs to be hashed up front.
 */
const dummyHash = [
  'scrypt',
  N,
  R,
  P,
  randomBytes(16).toString('base64url'),
  randomBytes(KEY_LENGTH).toString('base64url'),
].join('$');
export function dummyPasswordHash(): string {
  return dummyHash;
}

/** A readable random password (production first start). */
export function generatePassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}
