import { hash, verify, type Algorithm } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (~22 ms a hash on this machine).
// Algorithm is an ambient const enum, which isolatedModules cannot read: Argon2id is 2.
const ARGON2ID = 2 as Algorithm;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Like verifyPassword, but an unknown account or one without a password costs the same argon2 work as a real one,
 * so response times do not tell which e-mail addresses have accounts.
 */
export async function verifyPasswordEvenIfMissing(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (passwordHash) return verifyPassword(passwordHash, password);
  dummyHash ??= hashPassword('cabflow: no such account');
  await verifyPassword(await dummyHash, password);
  return false;
}
